/**
 * Dates as a `datetime-local` input holds them: the merchant's own time zone, to the minute. The
 * browser's picker only gives whole, real dates, but a value can also be typed or come from a test,
 * so reading one is strict: a day that does not exist is no date.
 */

/** A date as a `datetime-local` input shows it (local time, to the minute); `''` for none. */
export function localInput(d: Date | null | undefined): string {
  if (!d) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

const LOCAL = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?$/;

/** The instant a `datetime-local` value names in the merchant's time zone; `undefined` when it names none (empty, malformed, 30 February). */
export function readLocalInput(value: string): Date | undefined {
  const m = LOCAL.exec(value.trim());
  if (!m) return undefined;
  const n = (i: number) => Number(m[i] ?? 0);
  const d = new Date(n(1), n(2) - 1, n(3), n(4), n(5), n(6));
  // Date rolls 30 February over to March: the day must still be the one typed
  return d.getFullYear() === n(1) && d.getMonth() === n(2) - 1 && d.getDate() === n(3) ? d : undefined;
}
