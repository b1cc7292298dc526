/** The server's money fields, formatted for the shopper. Amounts are only ever displayed, never computed. */
import type { MultiCurrencyPrice } from '@vitrine/sdk';
import { formatMoney } from '../lib/locale.js';

/**
 * A price the server sent (a decimal string in `currency`) in the shopper's locale; the server's own
 * formatting when the amount is missing or not a number; empty when there is neither.
 */
export function formatPrice(price: MultiCurrencyPrice | undefined, currency: string, locale: string): string {
  const amount = price?.amount === undefined ? Number.NaN : Number(price.amount);
  if (Number.isFinite(amount)) return formatMoney(amount, currency, locale);
  return price?.formattedAmount ?? '';
}

/** Whether a server amount is above zero (a discount or a fee worth a row). */
export const isPositive = (price: MultiCurrencyPrice | undefined): boolean => Number(price?.amount ?? 0) > 0;
