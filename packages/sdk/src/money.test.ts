import { describe, expect, it } from 'vitest';
import { amountText, currencyExponent, divideRounded, fromScaled, percentOf, toScaled } from './money.js';

describe('the one rounding rule: exact decimals, half away from zero (#21)', () => {
  it.each<[string | number, number, bigint]>([
    [1.005, 2, 101n],
    ['1.005', 2, 101n],
    [-1.005, 2, -101n],
    [0.1 + 0.2, 2, 30n],
    [1.0049, 2, 100n],
    ['2.5', 0, 3n],
    ['-2.5', 0, -3n],
    [0.3335, 3, 334n],
    ['-0.004', 2, 0n],
    [1e-7, 7, 1n],
  ])('toScaled(%j, %i) is %s', (amount, digits, expected) => {
    expect(toScaled(amount, digits)).toBe(expected);
  });

  it.each(['', '1e3', '.5', 'NaN', '1,5', Number.NaN, Number.POSITIVE_INFINITY])('refuses %j', (bad) => {
    expect(() => toScaled(bad, 2)).toThrow(RangeError);
  });

  it.each<[bigint, number, string]>([
    [1050n, 2, '10.50'],
    [-5n, 2, '-0.05'],
    [7n, 0, '7'],
    [1500n, 3, '1.500'],
  ])('fromScaled(%s, %i) is %j', (units, digits, expected) => {
    expect(fromScaled(units, digits)).toBe(expected);
  });

  it.each<[bigint, string | number, bigint]>([
    [1005n, 10, 101n],
    [1005n, '12.5', 126n],
    [30n, 10, 3n],
    [-1005n, 10, -101n],
    [1000n, -12.5, -125n],
  ])('percentOf(%s, %j) is %s', (units, percent, expected) => {
    expect(percentOf(units, percent)).toBe(expected);
  });

  it('divides half away from zero', () => {
    expect([divideRounded(5n, 2n), divideRounded(-5n, 2n), divideRounded(4n, 3n), divideRounded(-4n, 3n)]).toEqual([3n, -3n, 1n, -1n]);
  });
});

describe("machine-read prices carry the currency's own digits", () => {
  it.each<[number, string, string]>([
    [1500, 'JPY', '1500'],
    [1499.5, 'JPY', '1500'],
    [4.5, 'USD', '4.50'],
    [1.005, 'EUR', '1.01'],
    [2.3456, 'KWD', '2.346'],
  ])('amountText(%d, %s) is %s', (amount, currency, expected) => {
    expect(amountText(amount, currency)).toBe(expected);
  });

  it('knows the exponents of ISO-4217 currencies and refuses other codes', () => {
    expect([currencyExponent('USD'), currencyExponent('JPY'), currencyExponent('KWD')]).toEqual([2, 0, 3]);
    expect(() => currencyExponent('dollars')).toThrow(RangeError);
  });
});
