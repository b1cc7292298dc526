import type { AppliedDiscount, EstimateTotalsResponse } from '@vitrine/sdk';
import { shippingRowLabel } from '@vitrine/sdk/wording';
import { useLocale } from '../lib/locale.js';
import { formatPrice, isPositive } from './cart-money.js';
import { TotalsRow } from './totals-row.js';

/** A discount's name as the shopper knows it, and what it applies to. */
function discountLabel(discount: AppliedDiscount): string {
  const target = discount.discountType === 'SHIPPING' ? ' (shipping)' : '';
  if (discount.coupon) return `Coupon ${discount.coupon.code ?? ''}${target}`;
  if (discount.merchantDiscount)
    return `Shop discount${discount.merchantDiscount.percentage ? ` ${discount.merchantDiscount.percentage}%` : ''}${target}`;
  if (discount.discountRule)
    return `${discount.discountRule.name?.translated ?? discount.discountRule.name?.original ?? 'Automatic discount'}${target}`;
  return `Discount${target}`;
}

const amountOf = (discount: AppliedDiscount) =>
  discount.coupon?.amount ?? discount.merchantDiscount?.amount ?? discount.discountRule?.amount;

/** The tax rate (a decimal string such as "0.085") as a percentage. */
function percent(rate: string | undefined, locale: string): string | undefined {
  const fraction = Number(rate);
  if (!rate || !Number.isFinite(fraction) || fraction <= 0) return undefined;
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 3 }).format(fraction);
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
  const summary = estimate.priceSummary;
  const money = (price: Parameters<typeof formatPrice>[0]) => formatPrice(price, currency, locale);
  const tax = estimate.taxSummary;
  const rate = percent(tax?.manualTaxRate, locale);
  const shippingOption = estimate.shippingInfo?.selectedCarrierServiceOption;
  const discounts = estimate.appliedDiscounts ?? [];
  return (
    <div className="cart-totals" aria-busy={stale} data-updating={stale || undefined} data-testid="cart-totals">
      <dl>
        <TotalsRow label="Subtotal" amount={money(summary?.subtotal)} />
        {discounts.map((discount) => (
          <TotalsRow
            key={`${discountLabel(discount)}:${amountOf(discount)?.amount}`}
            tone="discount"
            label={discountLabel(discount)}
            amount={isPositive(amountOf(discount)) ? `−${money(amountOf(discount))}` : ''}
          />
        ))}
        {discounts.length > 1 && isPositive(summary?.discount) ? (
          <TotalsRow tone="discount" label="Discounts" amount={`−${money(summary?.discount)}`} />
        ) : null}
        <TotalsRow
          label={shippingRowLabel(
            shippingOption && { title: shippingOption.title, pickup: shippingOption.logistics?.pickupDetails !== undefined },
          )}
          amount={shippingOption ? money(summary?.shipping) : 'Enter an address'}
          amountTestId="shipping-total"
        />
        {isPositive(summary?.additionalFees) ? <TotalsRow label="Fees" amount={money(summary?.additionalFees)} /> : null}
        <TotalsRow
          label={
            <>
              Tax
              {tax && isPositive(tax.totalTax) ? (
                <span className="cart-totals__note">
                  {rate ? `${rate} on ` : 'on '}
                  {money(tax.taxableAmount)}
                </span>
              ) : null}
            </>
          }
          amount={addressKnown ? money(summary?.tax) : 'Calculated at checkout'}
          amountTestId="tax-total"
        />
        <TotalsRow tone="total" label="Total" amount={money(summary?.total)} amountTestId="cart-total" />
      </dl>
      {estimate.violations?.length ? (
        <ul className="cart-totals__violations">
          {estimate.violations.map((violation) => (
            <li key={`${violation.target?.lineItem?._id ?? violation.target?.other?.name}:${violation.description}`}>
              {violation.description}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
