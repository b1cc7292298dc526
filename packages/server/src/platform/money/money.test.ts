import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { allocate, currencyExponent, divideRounded, formatMoney, isCurrency, percentOf, toAmount, toDecimal, toMinor } from './money.js';

describe('money in minor units', () => {
  it.each([
    ['USD', 2],
    ['JPY', 0],
    ['KWD', 3],
    ['EUR', 2],
  ])('knows the exponent of %s (%i)', (currency, exponent) => expect(currencyExponent(currency)).toBe(exponent));

  it.each([
    ['10', 'USD', 1000n],
    ['10.5', 'USD', 1050n],
    ['10.005', 'USD', 1001n],
    ['10.0049', 'USD', 1000n],
    ['-10.005', 'USD', -1001n],
    ['87.7600', 'USD', 8776n],
    ['1234.5', 'JPY', 1235n],
    ['1.2345', 'KWD', 1235n],
    ['0.0000', 'USD', 0n],
    ['-0.001', 'USD', 0n],
  ])('reads %s %s as %s minor units (half away from zero)', (amount, currency, minor) => {
    expect(toMinor(amount, currency)).toBe(minor);
  });

  it('reads numbers exactly as their decimal text', () => {
    expect(toMinor(0.1 + 0.2, 'USD')).toBe(30n);
    expect(toMinor(1e-7, 'USD')).toBe(0n);
  });

  it.each(['', 'abc', '1e5', '1,5', '.5', 'NaN'])('refuses %j', (bad) => expect(() => toMinor(bad, 'USD')).toThrow(RangeError));

  it.each([
    [1050n, 'USD', '10.50'],
    [5n, 'USD', '0.05'],
    [-5n, 'USD', '-0.05'],
    [1235n, 'JPY', '1235'],
    [1235n, 'KWD', '1.235'],
  ])('writes %s %s as %s', (minor, currency, text) => expect(toDecimal(minor, currency)).toBe(text));

  it.each([
    [1000n, '10', 100n],
    [999n, '10', 100n],
    [995n, '12.5', 124n],
    [1n, '50', 1n],
    [-995n, '12.5', -124n],
  ])('takes %s × %s%% = %s', (minor, percent, out) => expect(percentOf(minor, percent)).toBe(out));

  it('rounds division half away from zero', () => {
    expect(divideRounded(5n, 2n)).toBe(3n);
    expect(divideRounded(-5n, 2n)).toBe(-3n);
    expect(divideRounded(4n, 3n)).toBe(1n);
  });

  it('round-trips any minor amount through its decimal text', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 15n), max: 10n ** 15n }), fc.constantFrom('USD', 'JPY', 'KWD'), (minor, currency) => {
        expect(toMinor(toDecimal(minor, currency), currency)).toBe(minor);
      }),
    );
  });

  it('formats for people and for the wire', () => {
    expect(formatMoney(1050n, 'USD')).toBe('$10.50');
    expect(toAmount(1050n, 'USD')).toBe(10.5);
    expect(isCurrency('USD')).toBe(true);
    expect(isCurrency('usd')).toBe(false);
    expect(isCurrency('XYZ1')).toBe(false);
  });

  it('formats the same amount alike when asked again, per currency and locale (remembered answers)', () => {
    expect([formatMoney(123456n, 'USD'), formatMoney(123456n, 'USD')]).toEqual(['$1,234.56', '$1,234.56']);
    expect(formatMoney(123456n, 'JPY')).toBe('¥123,456');
    expect(formatMoney(123456n, 'EUR', 'de-DE')).toBe('1.234,56\u00a0€');
    expect(formatMoney(123456n, 'EUR')).toBe('€1,234.56');
    expect(formatMoney(-5n, 'USD')).toBe('-$0.05');
    // beyond the memo's bound, answers stay right
    for (let i = 0n; i < 25_000n; i++) expect(formatMoney(i, 'KWD').endsWith(toDecimal(i, 'KWD'))).toBe(true);
    expect(formatMoney(123456n, 'USD')).toBe('$1,234.56');
  });

  it.each([
    [1000n, [1n, 1n, 1n], [334n, 333n, 333n]],
    [10n, [100n, 200n, 700n], [1n, 2n, 7n]],
    [7n, [1n, 2n, 3n, 4n], [1n, 1n, 2n, 3n]],
    [100n, [0n, 5n, 5n], [0n, 50n, 50n]],
    [0n, [0n, 0n], [0n, 0n]],
    [-1000n, [1n, 1n, 1n], [-334n, -333n, -333n]],
    [0n, [], []],
  ])('allocates %s over [%s] as [%s] (largest remainder, earlier first on ties)', (total, weights, parts) => {
    expect(allocate(total, weights as bigint[])).toEqual(parts);
  });

  it('refuses negative weights and a non-zero total over zero weights', () => {
    expect(() => allocate(1n, [1n, -1n])).toThrow(RangeError);
    expect(() => allocate(1n, [0n, 0n])).toThrow(RangeError);
    expect(() => allocate(1n, [])).toThrow(RangeError);
  });

  it('allocates parts that add up to the total, each within one unit of its exact share and never above its weight', () => {
    const weightsArb = fc
      .array(fc.bigInt({ min: 0n, max: 10n ** 9n }), { minLength: 1, maxLength: 12 })
      .filter((weights) => weights.some((weight) => weight > 0n));
    fc.assert(
      fc.property(weightsArb, fc.double({ min: 0, max: 1, noNaN: true }), (weights, share) => {
        const sum = weights.reduce((running, weight) => running + weight, 0n);
        const total = (sum * BigInt(Math.round(share * 1e6))) / 1_000_000n;
        const parts = allocate(total, weights);
        expect(parts.reduce((running, part) => running + part, 0n)).toBe(total);
        parts.forEach((part, i) => {
          const weight = weights[i] as bigint;
          expect(part <= weight).toBe(true);
          const exact = total * weight; // part × sum is within sum of it
          expect(part * sum <= exact + sum && part * sum >= exact - sum).toBe(true);
        });
      }),
      { seed: Number(process.env.PROPERTY_SEED ?? 20261122) },
    );
  });
});
