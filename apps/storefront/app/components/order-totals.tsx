import type { MultiCurrencyPrice, Order } from '@vitrine/sdk';
import { isPositive } from './cart-money.js';

/**
 * A placed order's money as the server recorded it: subtotal, discounts (when any), shipping with the
 * option's title, tax and total. Shared by the thank-you page and the account's order page.
 */
export function OrderTotals({ order, money }: { order: Order; money: (price: MultiCurrencyPrice | undefined) => string }) {
  const summary = order.priceSummary;
  const shipping = order.shippingInfo?.title;
  return (
    <dl className="cart-totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{money(summary?.subtotal)}</dd>
      </div>
      {isPositive(summary?.discount) ? (
        <div className="cart-totals__discount">
          <dt>Discounts</dt>
          <dd>−{money(summary?.discount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Shipping{shipping ? ` (${shipping})` : ''}</dt>
        <dd>{money(summary?.shipping)}</dd>
      </div>
      <div>
        <dt>Tax</dt>
        <dd>{money(summary?.tax)}</dd>
      </div>
      <div className="cart-totals__total">
        <dt>Total</dt>
        <dd data-testid="order-total">{money(summary?.total)}</dd>
      </div>
    </dl>
  );
}
