import type { MultiCurrencyPrice, Order } from '@vitrine/sdk';
import { isPositive } from './cart-money.js';

/**
 * A placed order's money as the server recorded it: subtotal, discounts (when any), shipping with the
 * option's title, tax and total. Shared by the thank-you page and the account's order page.
 */
export function OrderTotals({ order, money }: { order: Order; money: (p: MultiCurrencyPrice | undefined) => string }) {
  const s = order.priceSummary;
  const shipping = order.shippingInfo?.title;
  return (
    <dl className="cart-totals">
      <div>
        <dt>Subtotal</dt>
        <dd>{money(s?.subtotal)}</dd>
      </div>
      {isPositive(s?.discount) ? (
        <div className="cart-totals__discount">
          <dt>Discounts</dt>
          <dd>−{money(s?.discount)}</dd>
        </div>
      ) : null}
      <div>
        <dt>Shipping{shipping ? ` (${shipping})` : ''}</dt>
        <dd>{money(s?.shipping)}</dd>
      </div>
      <div>
        <dt>Tax</dt>
        <dd>{money(s?.tax)}</dd>
      </div>
      <div className="cart-totals__total">
        <dt>Total</dt>
        <dd data-testid="order-total">{money(s?.total)}</dd>
      </div>
    </dl>
  );
}
