/**
 * Dates as a `datetime-local` input holds them: the merchant's own time zone, to the minute. The
 * browser's picker only gives whole, real dates, but a value can also be typed or come from a test,
 * so reading one is strict: a day that does not exist is no date.
 */

/** A date as a `datetime-local` input shows it (local time, to the minute); `''` for none. */
export function localInput(date: Date | null | undefined): string {
  if (!date) return '';
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** The instant a `datetime-local` value names in the merchant's time zone; `undefined` when it names none (empty, malformed, 30 February). */
export function readLocalInput(value: string): Date | undefined {
  const match = LOCAL.exec(value.trim());
  if (!match) return undefined;
  const part = (i: number) => Number(match[i] ?? 0);
  const date = new Date(part(1), part(2) - 1, part(3), part(4), part(5), part(6));
  // Date rolls 30 February over to March: the day must still be the one typed
  return date.getFullYear() === part(1) && date.getMonth() === part(2) - 1 && date.getDate() === part(3) ? date : undefined;
}
