/**
 * Money as integer minor units of its currency (cents for USD, yen for JPY, fils for KWD): parsing
 * exact decimals, rounding half away from zero to the currency's ISO-4217 exponent, percentages and
 * formatting. Every money computation of the catalogue and the cart goes through here; the rounding
 * itself is `@vitrine/sdk/money`, which the console uses too.
 */
import { currencyExponent, divideRounded, fromScaled, percentOf, toScaled } from '@vitrine/sdk/money';
import { LRUCache } from 'lru-cache';

export { currencyExponent, divideRounded, percentOf };

/** Whether `code` is a currency this runtime knows (ISO-4217, three letters). */
export function isCurrency(code: string): boolean {
  if (!/^[A-Z]{3}$/.test(code)) return false;
  try {
    new Intl.NumberFormat('en', { style: 'currency', currency: code });
    return true;
  } catch {
    return false;
  }
}

/**
 * An exact decimal (string as PostgreSQL's numeric reads, or a finite number) to minor units,
 * rounded half away from zero to the currency's exponent (the one rule: `@vitrine/sdk/money`).
 * @throws RangeError for anything that is not a finite decimal
 */
export const toMinor = (amount: string | number, currency: string): bigint => toScaled(amount, currencyExponent(currency));

/** Minor units to an exact decimal string with the currency's digits (`1050n` USD → `"10.50"`). */
export const toDecimal = (minor: bigint, currency: string): string => fromScaled(minor, currencyExponent(currency));

/** Minor units as a JSON number (the catalogue's v1 wire carries money as numbers). */
export function toAmount(minor: bigint, currency: string): number {
  return Number(toDecimal(minor, currency));
}

/**
 * Splits `total` into parts proportional to `weights` that add up to `total` exactly (largest
 * remainder: every part gets its floor share, then the units left over go one each to the largest
 * remainders, the earlier index first on ties). A part never exceeds its weight when `total` does not
 * exceed the sum of the weights, so a capped discount never takes a line below zero.
 * @example allocate(1000n, [1n, 1n, 1n]) // [334n, 333n, 333n]
 * @throws RangeError for a negative weight, or a non-zero total over weights that are all zero
 */
export function allocate(total: bigint, weights: bigint[]): bigint[] {
  if (total < 0n) return allocate(-total, weights).map((part) => -part);
  if (weights.some((weight) => weight < 0n)) throw new RangeError('allocate: negative weight');
  const sum = weights.reduce((running, weight) => running + weight, 0n);
  if (sum === 0n) {
    if (total === 0n) return weights.map(() => 0n);
    throw new RangeError('allocate: a non-zero total over zero weights');
  }
  const parts = weights.map((weight) => (total * weight) / sum);
  let left = total - parts.reduce((running, part) => running + part, 0n);
  const order = weights
    .map((weight, i) => ({ i, remainder: (total * weight) % sum }))
    .sort((first, second) => (first.remainder === second.remainder ? first.i - second.i : first.remainder > second.remainder ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    parts[i] += 1n;
    left -= 1n;
  }
  return parts;
}

/** Formatters by locale and currency: building an Intl.NumberFormat costs far more than using one. */
const formatters = new LRUCache<string, Intl.NumberFormat>({ max: 200 });

/**
 * Amounts already formatted, by locale, currency and amount: a cart answer formats every price of
 * every line, and `Intl.NumberFormat#format` was a fair share of the cart's CPU (bench/api-cart);
 * shops show the same few prices over and over. Nothing to invalidate: a text never changes.
 */
const formatted = new LRUCache<string, string>({ max: 20_000 });

/** The amount formatted for people in the currency (`$10.50`). */
export function formatMoney(minor: bigint, currency: string, locale = 'en-US'): string {
  const key = `${locale}|${currency}`;
  const amountKey = `${key}|${minor}`;
  const known = formatted.get(amountKey);
  if (known !== undefined) return known;
  let formatter = formatters.get(key);
  if (!formatter) {
    formatter = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, formatter);
  }
  const text = formatter.format(toAmount(minor, currency));
  formatted.set(amountKey, text);
  return text;
}
