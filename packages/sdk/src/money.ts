/**
 * The one rounding rule of money and other decimal quantities (weights, percentages), shared by the
 * server and the apps: an amount is an integer count of its smallest unit (`digits` decimals: the
 * currency's ISO-4217 exponent for money), read from its exact decimal text and rounded half away
 * from zero. A JS number is read as the shortest decimal that prints it (`1.005` is "1.005", never
 * 1.00499…), so what a person typed rounds as they expect.
 * @example toScaled(1.005, 2) // 101n
 */

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Each currency's exponent, asked of Intl once (a handful of ISO-4217 codes per shop). */
const exponents = new Map<string, number>();

/**
 * The number of minor-unit digits of an ISO-4217 currency (USD 2, JPY 0, KWD 3), as the runtime's
 * Intl knows it.
 * @throws RangeError for a code Intl does not know as a currency
 */
export function currencyExponent(currency: string): number {
  let digits = exponents.get(currency);
  if (digits === undefined) {
    digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    exponents.set(currency, digits);
  }
  return digits;
}

/**
 * An amount of a currency as plain decimal text with exactly the currency's digits, rounded by the
 * one rule: what machine-read prices (schema.org offers, Open Graph) carry.
 * @example amountText(1500, 'JPY') // "1500"; amountText(4.5, 'USD') // "4.50"
 */
export function amountText(amount: number, currency: string): string {
  const digits = currencyExponent(currency);
  return fromScaled(toScaled(amount, digits), digits);
}

/** A finite number as a plain decimal string (no exponent, no grouping): `1e-7` → "0.0000001". */
export function decimalText(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`not a finite amount: ${value}`);
  return value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/**
 * A decimal (exact text, or a finite number) as a count of 10^-digits units, rounded half away
 * from zero.
 * @throws RangeError for anything that is not a finite plain decimal
 */
export function toScaled(amount: string | number, digits: number): bigint {
  const text = typeof amount === 'number' ? decimalText(amount) : amount.trim();
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a decimal: ${JSON.stringify(amount)}`);
  const fraction = match[3] ?? '';
  const kept = BigInt(match[2] + fraction.slice(0, digits).padEnd(digits, '0'));
  const roundUp = fraction.length > digits && fraction.charCodeAt(digits) >= 53; // the first dropped digit is 5..9
  const magnitude = roundUp ? kept + 1n : kept;
  return match[1] && magnitude !== 0n ? -magnitude : magnitude;
}

/** The exact decimal text of a count of 10^-digits units (`1050n`, 2 → "10.50"). */
export function fromScaled(units: bigint, digits: number): string {
  const negative = units < 0n;
  const text = (negative ? -units : units).toString().padStart(digits + 1, '0');
  const whole = digits ? `${text.slice(0, -digits)}.${text.slice(-digits)}` : text;
  return negative ? `-${whole}` : whole;
}

/** a / b rounded half away from zero (b > 0). */
export function divideRounded(dividend: bigint, divisor: bigint): bigint {
  const quotient = dividend / divisor;
  const remainder = dividend % divisor;
  if (remainder === 0n) return quotient;
  const twice = (remainder < 0n ? -remainder : remainder) * 2n;
  if (twice >= divisor) return dividend < 0n ? quotient - 1n : quotient + 1n;
  return quotient;
}

/**
 * `percent` % of a count of units, rounded half away from zero (`percent` an exact decimal or a
 * finite number, e.g. "12.5").
 * @throws RangeError for a percentage that is not a finite plain decimal
 */
export function percentOf(units: bigint, percent: string | number): bigint {
  const text = typeof percent === 'number' ? decimalText(percent) : percent;
  const match = DECIMAL.exec(text);
  if (!match) throw new RangeError(`not a percentage: ${JSON.stringify(percent)}`);
  const fraction = match[3] ?? '';
  const numerator = units * BigInt(match[2] + fraction) * (match[1] ? -1n : 1n);
  return divideRounded(numerator, 100n * 10n ** BigInt(fraction.length));
}
