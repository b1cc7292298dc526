/** Amounts as Stripe counts them (#20): per kind of currency on https://docs.stripe.com/currencies, both ways. */
import { describe, expect, it } from 'vitest';
import { toMinor } from '../../../platform/money/money.js';
import { fromStripeAmount, stripeExponent, toStripeAmount } from './stripe-amounts.js';

describe('Stripe amounts (#20)', () => {
  it.each([
    // currency, the price as people read it, Stripe's amount
    ['USD', '10.99', 1099, 'two-decimal'],
    ['EUR', '0.50', 50, 'two-decimal'],
    ['JPY', '500', 500, 'zero-decimal'],
    ['KRW', '15000', 15000, 'zero-decimal'],
    ['VND', '25000', 25000, 'zero-decimal'],
    ['CLP', '990', 990, 'zero-decimal'],
    ['XOF', '1000', 1000, 'zero-decimal'],
    ['BIF', '3', 3, 'zero-decimal'],
    ['ISK', '5', 500, 'special case: zero-decimal, sent as two decimals'],
    ['UGX', '5', 500, 'special case: zero-decimal, sent as two decimals'],
    ['HUF', '5', 500, 'special case: zero-decimal for payouts only, charges two-decimal'],
    ['TWD', '800.45', 80045, 'special case: zero-decimal for payouts only, charges two-decimal'],
    ['IDR', '15000', 1500000, 'two-decimal at Stripe, none in Intl'],
    ['KWD', '5.120', 5120, 'three-decimal'],
  ])('%s %s is %i at Stripe (%s), and back', (currency, price, stripe) => {
    const minor = toMinor(price, currency);
    expect(toStripeAmount(minor, currency)).toBe(stripe);
    expect(fromStripeAmount(stripe, currency)).toBe(minor);
    expect(fromStripeAmount(stripe, currency.toLowerCase())).toBe(minor);
  });

  it.each([
    ['jpy', 0],
    ['isk', 2],
    ['huf', 2],
    ['bhd', 3],
    ['usd', 2],
  ])('counts %s with %i decimals as Stripe does', (currency, decimals) => {
    expect(stripeExponent(currency)).toBe(decimals);
  });

  it('rounds a Stripe amount finer than the currency half away from zero when reading it back (HUF 10.50 is 11)', () => {
    expect(fromStripeAmount(1050, 'huf')).toBe(11n);
    expect(fromStripeAmount(1049, 'huf')).toBe(10n);
  });
});
