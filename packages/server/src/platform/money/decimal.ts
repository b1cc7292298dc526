/**
 * Exact decimals that are not money: tax rates ("0.08875"), percentages and weights ("1.25"). Held as
 * an integer of units over a power of ten so sums, comparisons and products with minor units stay exact.
 */
import { currencyExponent, divideRounded } from './money.js';

/** `units / 10^scale` ("0.08875" → 8875n over scale 5). */
export interface Decimal {
  units: bigint;
  scale: number;
}

const DECIMAL = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Zero, the neutral element of {@link addDecimals}. */
export const ZERO: Decimal = { units: 0n, scale: 0 };

/**
 * Reads an exact decimal string.
 * @throws RangeError for anything that is not a plain decimal (no exponent, no grouping)
 */
export function parseDecimal(text: string): Decimal {
  const match = DECIMAL.exec(text.trim());
  if (!match) throw new RangeError(`not a decimal: ${JSON.stringify(text)}`);
  const fraction = match[3] ?? '';
  const units = BigInt(match[2] + fraction);
  return { units: match[1] ? -units : units, scale: fraction.length };
}

/** `d` with `scale` digits after the point (scale ≥ d.scale). */
function rescale(decimal: Decimal, scale: number): bigint {
  return decimal.units * 10n ** BigInt(scale - decimal.scale);
}

/** a + b, exactly. */
export function addDecimals(left: Decimal, right: Decimal): Decimal {
  const scale = Math.max(left.scale, right.scale);
  return { units: rescale(left, scale) + rescale(right, scale), scale };
}

/** d × n for an integer n (a weight per unit times a quantity). */
export function multiplyDecimal(decimal: Decimal, factor: bigint): Decimal {
  return { units: decimal.units * factor, scale: decimal.scale };
}

/** −1, 0 or 1 as a is below, equal to or above b. */
export function compareDecimals(first: Decimal, second: Decimal): -1 | 0 | 1 {
  const scale = Math.max(first.scale, second.scale);
  const left = rescale(first, scale);
  const right = rescale(second, scale);
  return left < right ? -1 : left > right ? 1 : 0;
}

/** The shortest exact text of a decimal ("0.0850" → "0.085", "0.00" → "0"). */
export function formatDecimal(decimal: Decimal): string {
  const negative = decimal.units < 0n;
  let digits = (negative ? -decimal.units : decimal.units).toString().padStart(decimal.scale + 1, '0');
  let scale = decimal.scale;
  while (scale > 0 && digits.endsWith('0')) {
    digits = digits.slice(0, -1);
    scale--;
  }
  const text = scale ? `${digits.slice(0, -scale)}.${digits.slice(-scale)}` : digits;
  return negative && decimal.units !== 0n ? `-${text}` : text;
}

/** minor × rate, rounded half away from zero to whole minor units (a tax-excluded tax). */
export function applyRate(minor: bigint, rate: Decimal): bigint {
  return divideRounded(minor * rate.units, 10n ** BigInt(rate.scale));
}

/**
 * The part of a gross amount that a rate added on top of its net: gross × rate / (1 + rate), rounded
 * half away from zero (the tax inside a tax-included price: 12.00 at 0.2 → 2.00).
 */
export function includedPart(gross: bigint, rate: Decimal): bigint {
  const one = 10n ** BigInt(rate.scale);
  return divideRounded(gross * rate.units, one + rate.units);
}

/**
 * Converts minor units of one currency into another's at `rate` units of `to` per unit of `from`,
 * exactly, rounded half away from zero to the target's exponent (display prices).
 * @example convertMinor(1000n, 'USD', 'JPY', '151.5') // 1515n
 */
export function convertMinor(minor: bigint, from: string, to: string, rate: string): bigint {
  const parsedRate = parseDecimal(rate);
  const numerator = minor * parsedRate.units * 10n ** BigInt(currencyExponent(to));
  const denominator = 10n ** BigInt(currencyExponent(from) + parsedRate.scale);
  return divideRounded(numerator, denominator);
}
