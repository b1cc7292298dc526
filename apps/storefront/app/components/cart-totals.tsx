import type { AppliedDiscount, EstimateTotalsResponse } from '@vitrine/sdk';
import { useLocale } from '../lib/locale.js';
import { formatPrice, isPositive } from './cart-money.js';

/** A discount's name as the shopper knows it, and what it applies to. */
function discountLabel(d: AppliedDiscount): string {
  const target = d.discountType === 'SHIPPING' ? ' (shipping)' : '';
  if (d.coupon) return `Coupon ${d.coupon.code ?? ''}${target}`;
  if (d.merchantDiscount) return `Shop discount${d.merchantDiscount.percentage ? ` ${d.merchantDiscount.percentage}%` : ''}${target}`;
  if (d.discountRule) return `${d.discountRule.name?.translated ?? d.discountRule.name?.original ?? 'Automatic discount'}${target}`;
  return `Discount${target}`;
}

const amountOf = (d: AppliedDiscount) => d.coupon?.amount ?? d.merchantDiscount?.amount ?? d.discountRule?.amount;

/** The tax rate (a decimal string such as "0.085") as a percentage. */
function percent(rate: string | undefined, locale: string): string | undefined {
  const n = Number(rate);
  if (!rate || !Number.isFinite(n) || n <= 0) return undefined;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(n);
}

/**
 * The estimate's totals exactly as the server computed them: subtotal, each discount (coupon,
 * merchant, automatic, shipping), shipping, tax with its summary, and the total. Dimmed while a newer
 * estimate is on its way (the numbers shown may be about to change).
 */
export function CartTotals({
  estimate,
  currency,
  stale,
  addressKnown = true,
}: {
  estimate: EstimateTotalsResponse;
  currency: string;
  stale: boolean;
  /** false before the shopper gave an address: tax depends on it, so no number is shown for it yet */
  addressKnown?: boolean;
}) {
  const locale = useLocale();
  const s = estimate.priceSummary;
  const money = (p: Parameters<typeof formatPrice>[0]) => formatPrice(p, currency, locale);
  const tax = estimate.taxSummary;
  const rate = percent(tax?.manualTaxRate, locale);
  const shippingOption = estimate.shippingInfo?.selectedCarrierServiceOption;
  const discounts = estimate.appliedDiscounts ?? [];
  return (
    <div className="cart-totals" aria-busy={stale} data-updating={stale || undefined} data-testid="cart-totals">
      <dl>
        <div>
          <dt>Subtotal</dt>
          <dd>{money(s?.subtotal)}</dd>
        </div>
        {discounts.map((d) => (
          <div key={`${discountLabel(d)}:${amountOf(d)?.amount}`} className="cart-totals__discount">
            <dt>{discountLabel(d)}</dt>
            <dd>{isPositive(amountOf(d)) ? `−${money(amountOf(d))}` : ''}</dd>
          </div>
        ))}
        {discounts.length > 1 && isPositive(s?.discount) ? (
          <div className="cart-totals__discount">
            <dt>Discounts</dt>
            <dd>−{money(s?.discount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Shipping{shippingOption?.title ? ` (${shippingOption.title})` : ''}</dt>
          <dd data-testid="shipping-total">{shippingOption ? money(s?.shipping) : 'Enter an address'}</dd>
        </div>
        {isPositive(s?.additionalFees) ? (
          <div>
            <dt>Fees</dt>
            <dd>{money(s?.additionalFees)}</dd>
          </div>
        ) : null}
        <div>
          <dt>
            Tax
            {tax && isPositive(tax.totalTax) ? (
              <span className="cart-totals__note">
                {rate ? `${rate} on ` : 'on '}
                {money(tax.taxableAmount)}
              </span>
            ) : null}
          </dt>
          <dd data-testid="tax-total">{addressKnown ? money(s?.tax) : 'Calculated at checkout'}</dd>
        </div>
        <div className="cart-totals__total">
          <dt>Total</dt>
          <dd data-testid="cart-total">{money(s?.total)}</dd>
        </div>
      </dl>
      {estimate.violations?.length ? (
        <ul className="cart-totals__violations">
          {estimate.violations.map((v) => (
            <li key={`${v.target?.lineItem?._id ?? v.target?.other?.name}:${v.description}`}>{v.description}</li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
