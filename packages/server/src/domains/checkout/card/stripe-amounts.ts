/**
 * Amounts as Stripe counts them (issue #20). Stripe takes every `amount` in "the currency's minor
 * unit", but its idea of a currency's decimals is not always ISO 4217's nor the runtime's (`Intl`,
 * which `platform/money` uses): source https://docs.stripe.com/currencies, sections "Zero-decimal
 * currencies", "Three-decimal currencies" and "Special cases":
 * - zero-decimal: BIF CLP DJF GNF JPY KMF KRW MGA PYG RWF VND VUV XAF XOF XPF (500 charges ¥500);
 * - three-decimal: BHD JOD KWD OMR TND (Stripe also wants the last digit 0: it refuses the others);
 * - ISK and UGX "transitioned to a zero-decimal currency, but backward compatibility requires you to
 *   represent it as a two-decimal value, where the decimal amount is always 00" (500 charges 5 ISK),
 *   while `Intl` gives them 0 decimals;
 * - HUF and TWD are zero-decimal "for payouts" only: charges and refunds are two-decimal (HUF has 0
 *   decimals in `Intl`, so 5 HUF goes to Stripe as 500);
 * - every other currency: two decimals (IDR too, which `Intl` shows without decimals).
 * Used both ways: what goes to Stripe (PaymentIntents, refunds) and what Stripe reports back.
 */
import { currencyExponent, divideRounded } from '../../../platform/money/money.js';

const ZERO_DECIMAL = new Set(['BIF', 'CLP', 'DJF', 'GNF', 'JPY', 'KMF', 'KRW', 'MGA', 'PYG', 'RWF', 'VND', 'VUV', 'XAF', 'XOF', 'XPF']);
const THREE_DECIMAL = new Set(['BHD', 'JOD', 'KWD', 'OMR', 'TND']);

/** How many decimals Stripe's `amount` has in `currency` (ISO code, any case). */
export function stripeExponent(currency: string): number {
  const code = currency.toUpperCase();
  if (ZERO_DECIMAL.has(code)) return 0;
  if (THREE_DECIMAL.has(code)) return 3;
  return 2;
}

/** The powers of ten between our minor units (`platform/money`) and Stripe's: positive when Stripe counts finer. */
function shift(currency: string): number {
  return stripeExponent(currency) - currencyExponent(currency.toUpperCase());
}

/**
 * Our minor units of `currency` as Stripe's `amount` (5 ISK, our `5n`, is Stripe's 500).
 * @throws RangeError when Stripe's unit is coarser and the amount is not a whole number of it (nothing is rounded silently)
 * @example toStripeAmount(1700n, 'JPY') // 1700
 */
export function toStripeAmount(minor: bigint, currency: string): number {
  const places = shift(currency);
  if (places >= 0) return Number(minor * 10n ** BigInt(places));
  const unit = 10n ** BigInt(-places);
  if (minor % unit !== 0n) throw new RangeError(`${minor} minor units of ${currency} are not a whole amount in Stripe's unit (${unit})`);
  return Number(minor / unit);
}

/**
 * Stripe's `amount` of `currency` (a webhook's PaymentIntent, a refund) in our minor units, rounded
 * half away from zero where Stripe counts finer than the currency's own decimals.
 * @example fromStripeAmount(500, 'isk') // 5n
 */
export function fromStripeAmount(amount: number, currency: string): bigint {
  const places = shift(currency);
  if (places >= 0) return divideRounded(BigInt(amount), 10n ** BigInt(places));
  return BigInt(amount) * 10n ** BigInt(-places);
}
