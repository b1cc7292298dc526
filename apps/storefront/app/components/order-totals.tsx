import type { MultiCurrencyPrice, Order } from '@vitrine/sdk';
import { shippingRowLabel } from '@vitrine/sdk/wording';
import { isPositive } from './cart-money.js';
import { TotalsRow } from './totals-row.js';

/**
 * A placed order's money as the server recorded it: subtotal, discounts (when any), shipping with the
 * option chosen, tax and total. Shared by the thank-you page and the account's order page.
 */
export function OrderTotals({ order, money }: { order: Order; money: (price: MultiCurrencyPrice | undefined) => string }) {
  const summary = order.priceSummary;
  const shipping = order.shippingInfo;
  return (
    <dl className="cart-totals">
      <TotalsRow label="Subtotal" amount={money(summary?.subtotal)} />
      {isPositive(summary?.discount) ? <TotalsRow tone="discount" label="Discounts" amount={`−${money(summary?.discount)}`} /> : null}
      <TotalsRow
        label={shippingRowLabel(shipping && { title: shipping.title, pickup: shipping.pickup !== undefined })}
        amount={money(summary?.shipping)}
      />
      <TotalsRow label="Tax" amount={money(summary?.tax)} />
      <TotalsRow tone="total" label="Total" amount={money(summary?.total)} amountTestId="order-total" />
    </dl>
  );
}
