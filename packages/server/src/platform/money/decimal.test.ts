import { describe, expect, it } from 'vitest';
import {
  addDecimals,
  applyRate,
  compareDecimals,
  convertMinor,
  formatDecimal,
  includedPart,
  multiplyDecimal,
  parseDecimal,
} from './decimal.js';

describe('exact decimals (rates, weights)', () => {
  it.each([
    ['0.04', '0.045', '0.085'],
    ['0.1', '0.2', '0.3'],
    ['1.50', '0', '1.5'],
    ['0', '0.000', '0'],
  ])('adds %s + %s = %s exactly', (left, right, sum) =>
    expect(formatDecimal(addDecimals(parseDecimal(left), parseDecimal(right)))).toBe(sum),
  );

  it.each(['', '1e3', '.5', 'NaN', '1,5'])('refuses %j', (bad) => expect(() => parseDecimal(bad)).toThrow(RangeError));

  it('multiplies by a quantity and compares', () => {
    expect(formatDecimal(multiplyDecimal(parseDecimal('0.4'), 3n))).toBe('1.2');
    expect(compareDecimals(parseDecimal('1.0'), parseDecimal('1'))).toBe(0);
    expect(compareDecimals(parseDecimal('0.99'), parseDecimal('1'))).toBe(-1);
    expect(compareDecimals(parseDecimal('5.001'), parseDecimal('5'))).toBe(1);
  });

  it.each([
    [1999n, '0.04', 80n],
    [1999n, '0.045', 90n],
    [333n, '0.045', 15n],
    [5397n, '0.0725', 391n],
  ])('applies a rate: %s × %s = %s (half away from zero)', (minor, rate, out) => expect(applyRate(minor, parseDecimal(rate))).toBe(out));

  it.each([
    [1200n, '0.2', 200n],
    [1000n, '0.085', 78n],
    [1085n, '0.085', 85n],
  ])('finds the part of %s added by %s: %s', (gross, rate, out) => expect(includedPart(gross, parseDecimal(rate))).toBe(out));

  it.each([
    [1000n, 'USD', 'JPY', '151.5', 1515n],
    [1000n, 'USD', 'EUR', '0.925', 925n],
    [1n, 'USD', 'EUR', '0.5', 1n],
    [1234n, 'JPY', 'KWD', '0.00205', 2530n],
    [1000n, 'USD', 'USD', '1', 1000n],
  ])('converts %s %s to %s at %s: %s', (minor, from, to, rate, out) => expect(convertMinor(minor, from, to, rate)).toBe(out));
});
