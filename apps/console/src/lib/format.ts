/** How the console writes money and dates: the browser's locale. */

/** An amount (a number or a decimal string, "10.00") in a currency; `''` when there is none. */
export function amountIn(value: number | string | null | undefined, currency: string): string {
  const amount = Number(value);
  if (value === null || value === undefined || value === '' || !Number.isFinite(amount)) return '';
  return new Intl.NumberFormat(undefined, { style: 'currency', currency }).format(amount);
}

/** A price of the wire (`{amount: "10.00"}`) in a currency; the server's formatted text when the amount is missing. */
export function money(price: { amount?: string; formattedAmount?: string } | undefined, currency = 'USD'): string {
  return amountIn(price?.amount, currency) || (price?.formattedAmount ?? '');
}

/** The items of a list typed with commas, semicolons, spaces or lines between them. */
export const listItems = (typed: string) => typed.split(/[\s,;]+/).filter(Boolean);

/** A date and time, short. */
export function dateTime(when: Date | string | undefined): string {
  if (!when) return '';
  const date = new Date(when);
  return Number.isNaN(date.getTime()) ? '' : new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

/** What went wrong, in the server's words (its application error's description when there is one). */
export function errorText(error: unknown): string {
  const err = error as { message?: string; details?: { applicationError?: { description?: string } } } | undefined;
  return err?.details?.applicationError?.description || err?.message || String(error);
}
