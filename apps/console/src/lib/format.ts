/** How the console writes money and dates: the browser's locale. */

/** A decimal amount of the wire ("10.00") in a currency; the server's formatted text when the amount is missing. */
export function money(price: { amount?: string; formattedAmount?: string } | undefined, currency = 'USD'): string {
  const amount = Number(price?.amount);
  if (!price?.amount || !Number.isFinite(amount)) return price?.formattedAmount ?? '';
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
}

/** A date and time, short. */
export function dateTime(d: Date | string | undefined): string {
  if (!d) return '';
  const date = new Date(d);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** What went wrong, in the server's words (its application error's description when there is one). */
export function errorText(e: unknown): string {
  const err = e as { message?: string; details?: { applicationError?: { description?: string } } } | undefined;
  return err?.details?.applicationError?.description || err?.message || String(e);
}
