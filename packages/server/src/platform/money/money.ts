/**
 * Money as integer minor units of its currency (cents for USD, yen for JPY, fils for KWD): parsing
 * exact decimals, rounding half away from zero to the currency's ISO-4217 exponent, percentages and
 * formatting. Every money computation of the catalogue and the cart goes through here.
 */

const exponents = new Map<string, number>();

/** The number of minor-unit digits of an ISO-4217 currency (USD 2, JPY 0, KWD 3). */
export function currencyExponent(currency: string): number {
  let e = exponents.get(currency);
  if (e === undefined) {
    e = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, e);
  }
  return e;
}

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

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/**
 * An exact decimal (string as PostgreSQL's numeric reads, or a finite number) to minor units,
 * rounded half away from zero to the currency's exponent.
 * @throws RangeError for anything that is not a finite decimal
 */
export function toMinor(amount: string | number, currency: string): bigint {
  const text = typeof amount === 'number' ? numberToDecimal(amount) : amount.trim();
  const m = DECIMAL.exec(text);
  if (!m) throw new RangeError(`not a decimal amount: ${JSON.stringify(amount)}`);
  const exp = currencyExponent(currency);
  const frac = m[3] ?? '';
  const kept = BigInt(m[2] + frac.slice(0, exp).padEnd(exp, '0'));
  const roundUp = frac.length > exp && frac.charCodeAt(exp) >= 53; // the first dropped digit is 5..9
  const magnitude = roundUp ? kept + 1n : kept;
  return m[1] && magnitude !== 0n ? -magnitude : magnitude;
}

/** Minor units to an exact decimal string with the currency's digits (`1050n` USD → `"10.50"`). */
export function toDecimal(minor: bigint, currency: string): string {
  const exp = currencyExponent(currency);
  const negative = minor < 0n;
  const digits = (negative ? -minor : minor).toString().padStart(exp + 1, '0');
  const whole = exp ? `${digits.slice(0, -exp)}.${digits.slice(-exp)}` : digits;
  return negative ? `-${whole}` : whole;
}

/** Minor units as a JSON number (the catalogue's v1 wire carries money as numbers). */
export function toAmount(minor: bigint, currency: string): number {
  return Number(toDecimal(minor, currency));
}

/** `percent` % of an amount, rounded half away from zero (`percent` is an exact decimal, e.g. "12.5"). */
export function percentOf(minor: bigint, percent: string | number): bigint {
  const p = typeof percent === 'number' ? numberToDecimal(percent) : percent;
  const m = DECIMAL.exec(p);
  if (!m) throw new RangeError(`not a percentage: ${JSON.stringify(percent)}`);
  const scale = 10n ** BigInt((m[3] ?? '').length);
  const numerator = minor * BigInt(m[2] + (m[3] ?? '')) * (m[1] ? -1n : 1n);
  const denominator = 100n * scale;
  return divideRounded(numerator, denominator);
}

/** a / b rounded half away from zero (b > 0). */
export function divideRounded(a: bigint, b: bigint): bigint {
  const q = a / b;
  const r = a % b;
  if (r === 0n) return q;
  const twice = (r < 0n ? -r : r) * 2n;
  if (twice >= b) return a < 0n ? q - 1n : q + 1n;
  return q;
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
  if (weights.some((w) => w < 0n)) throw new RangeError('allocate: negative weight');
  const sum = weights.reduce((a, w) => a + w, 0n);
  if (sum === 0n) {
    if (total === 0n) return weights.map(() => 0n);
    throw new RangeError('allocate: a non-zero total over zero weights');
  }
  const parts = weights.map((w) => (total * w) / sum);
  let left = total - parts.reduce((a, p) => a + p, 0n);
  const order = weights
    .map((w, i) => ({ i, remainder: (total * w) % sum }))
    .sort((a, b) => (a.remainder === b.remainder ? a.i - b.i : a.remainder > b.remainder ? -1 : 1));
  for (const { i } of order) {
    if (left === 0n) break;
    parts[i] += 1n;
    left -= 1n;
  }
  return parts;
}

/** Formatters by locale and currency: building an Intl.NumberFormat costs far more than using one. */
const formatters = new Map<string, Intl.NumberFormat>();

/**
 * Amounts already formatted, by locale, currency and amount: a cart answer formats every price of
 * every line, and `Intl.NumberFormat#format` was a fair share of the cart's CPU (bench/api-cart);
 * shops show the same few prices over and over. Bounded: emptied when full.
 */
const formatted = new Map<string, string>();
const MAX_FORMATTED = 20_000;

/** The amount formatted for people in the currency (`$10.50`). */
export function formatMoney(minor: bigint, currency: string, locale = 'en-US'): string {
  const key = `${locale}|${currency}`;
  const amountKey = `${key}|${minor}`;
  const known = formatted.get(amountKey);
  if (known !== undefined) return known;
  let f = formatters.get(key);
  if (!f) {
    f = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formatters.set(key, f);
  }
  const text = f.format(toAmount(minor, currency));
  if (formatted.size >= MAX_FORMATTED) formatted.clear();
  formatted.set(amountKey, text);
  return text;
}

/** A JS number as a plain decimal string (no exponent), for parsing with the decimal rules. */
function numberToDecimal(n: number): string {
  if (!Number.isFinite(n)) throw new RangeError(`not a finite amount: ${n}`);
  return n.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}
