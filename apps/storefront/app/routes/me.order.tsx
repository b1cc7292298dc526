import { useAuth } from '@vitrine/react';
import type { MultiCurrencyPrice, Order } from '@vitrine/sdk';
import { addressLines, lineOptionsText, recipientLines } from '@vitrine/sdk/wording';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { AccountLoadFailed } from '../components/account-load-failed.js';
import { SignInPrompt, useHydrated } from '../components/account-prompt.js';
import { serverMessage } from '../components/cart-error-message.js';
import { formatPrice } from '../components/cart-money.js';
import { OrderChosenTime } from '../components/order-chosen-time.js';
import { OrderParcels } from '../components/order-parcels.js';
import { OrderTotals } from '../components/order-totals.js';
import { orderStatusLabel, timeOf, useAccountOrder } from '../lib/account-orders.js';
import { formatDate, useLocale, useShopCurrency } from '../lib/locale.js';
import { shopNameOf } from '../lib/seo.js';
import type { Route } from './+types/me.order';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Order details · ${shopNameOf(matches)}` },
  { name: 'robots', content: 'noindex' },
];

const dateOf = (date: Date | string | undefined, locale: string) =>
  timeOf(date) ? formatDate(new Date(timeOf(date)).toISOString(), locale) : '';

/**
 * One of the member's orders (`/me/orders/:id`): its lines, totals, shipping and statuses. An unknown
 * order, or someone else's, is "not found" (the server does not say which); a visitor is asked to sign in.
 */
export default function OrderPage() {
  const { id = '' } = useParams();
  const { isMember } = useAuth();
  const hydrated = useHydrated();
  const order = useAccountOrder(id, hydrated && isMember);
  const here = `/me/orders/${encodeURIComponent(id)}`;

  let body: ReactNode;
  if (!hydrated) body = <p role="status">Loading your order…</p>;
  else if (!isMember) body = <SignInPrompt returnTo={here}>Sign in to see this order.</SignInPrompt>;
  else if (order.isPending) body = <p role="status">Loading your order…</p>;
  else if (order.isError)
    body = <AccountLoadFailed retry={order.refetch}>This order could not be loaded: {serverMessage(order.error)}</AccountLoadFailed>;
  else if (!order.data)
    body = (
      <div className="account-notice" data-testid="order-not-found">
        <h1>Order not found</h1>
        <p>There is no order of yours at this address. It may belong to another account, or the link may be mistyped.</p>
        <Link to="/me" className="button button--primary">
          Back to your orders
        </Link>
      </div>
    );
  else body = <OrderDetails order={order.data} />;

  return (
    <div className="container account-page account-page--wide">
      <p className="account-back">
        <Link to="/me">← Your account</Link>
      </p>
      {body}
    </div>
  );
}

function OrderDetails({ order }: { order: Order }) {
  const locale = useLocale();
  const shopCurrency = useShopCurrency();
  const money = (price: MultiCurrencyPrice | undefined) => formatPrice(price, order.currency ?? shopCurrency, locale);
  const shipping = order.shippingInfo;
  // a pickup order shows where to collect it, not the address the buyer typed at checkout
  const shipTo = shipping?.pickup
    ? addressLines(shipping.pickup.address)
    : shipping?.address
      ? recipientLines(shipping.address, shipping.contactDetails)
      : [];
  const billTo = recipientLines(order.billingInfo?.address, order.billingInfo?.contactDetails);
  return (
    <article className="account-order" aria-labelledby="order-title">
      <header className="account-order__header">
        <h1 id="order-title">Order #{order.number}</h1>
        <p className="account-order__meta">
          Placed on {dateOf(order._createdDate, locale)} · <span data-testid="order-status">{orderStatusLabel(order)}</span>
        </p>
      </header>
      <div className="account-order__layout">
        <section aria-labelledby="order-items">
          <h2 id="order-items">Items</h2>
          <table className="account-order__lines">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col" className="account-orders__money">
                  Price
                </th>
                <th scope="col" className="account-orders__money">
                  Quantity
                </th>
                <th scope="col" className="account-orders__money">
                  Total
                </th>
              </tr>
            </thead>
            <tbody>
              {(order.lineItems ?? []).map((line) => (
                <tr key={line._id ?? line.name} data-testid="order-line">
                  <th scope="row" className="account-order__item">
                    {line.image ? <img src={line.image} alt="" width={56} height={56} loading="lazy" /> : null}
                    <span>
                      {line.name}
                      {line.descriptionLines?.length ? (
                        <span className="account-order__options">{lineOptionsText(line.descriptionLines)}</span>
                      ) : null}
                    </span>
                  </th>
                  <td data-label="Price" className="account-orders__money">
                    {money(line.price)}
                  </td>
                  <td data-label="Quantity" className="account-orders__money">
                    {line.quantity}
                  </td>
                  <td data-label="Total" className="account-orders__money">
                    {money(line.totalPrice)}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <OrderTotals order={order} money={money} />
        </section>
        <aside className="account-order__facts">
          <section aria-labelledby="order-status-title">
            <h2 id="order-status-title">Status</h2>
            <dl className="account-order__statuses">
              <div>
                <dt>Order</dt>
                <dd>{order.status === 'CANCELED' ? `Canceled ${dateOf(order.cancellation?.canceledDate, locale)}` : 'Confirmed'}</dd>
              </div>
              <div>
                <dt>Payment</dt>
                <dd>{paymentLabel(order, locale)}</dd>
              </div>
              <div>
                <dt>{shipping?.pickup ? 'Pickup' : 'Delivery'}</dt>
                <dd data-testid="order-delivery">{deliveryLabel(order, locale)}</dd>
              </div>
            </dl>
            {order.cancellation?.reason ? <p>Reason: {order.cancellation.reason}</p> : null}
          </section>
          <OrderParcels order={order} dateOf={(date) => dateOf(date, locale)} />
          {shipTo.length ? (
            <section aria-labelledby="order-shipping-title">
              <h2 id="order-shipping-title">{shipping?.pickup ? 'Pickup' : 'Shipping address'}</h2>
              <address data-testid="order-address">
                {shipTo.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
              {shipping?.title ? (
                <p>
                  {shipping.title}
                  {shipping.deliveryTime ? ` · ${shipping.deliveryTime}` : ''}
                </p>
              ) : null}
              <OrderChosenTime shipping={shipping} />
              {shipping?.pickup?.instructions ? <p>{shipping.pickup.instructions}</p> : null}
            </section>
          ) : null}
          {billTo.length ? (
            <section aria-labelledby="order-billing-title">
              <h2 id="order-billing-title">Billing</h2>
              <address data-testid="order-billing-address">
                {billTo.map((line) => (
                  <span key={line}>{line}</span>
                ))}
              </address>
            </section>
          ) : null}
          {order.paymentMethod?.title || order.paymentMethod?.instructions ? (
            <section aria-labelledby="order-payment-title">
              <h2 id="order-payment-title">Payment</h2>
              {order.paymentMethod.title ? <p>{order.paymentMethod.title}</p> : null}
              {order.paymentMethod.instructions && awaitsPayment(order) ? <p>{order.paymentMethod.instructions}</p> : null}
            </section>
          ) : null}
        </aside>
      </div>
    </article>
  );
}

/**
 * Whether the buyer is still asked to pay, as on the hosted status page: open, unpaid and nothing sent
 * yet; a pickup order until it is paid, ready to collect or not.
 */
const awaitsPayment = (order: Order) =>
  order.status !== 'CANCELED' &&
  order.paymentStatus === 'NOT_PAID' &&
  (order.fulfillmentStatus === 'NOT_FULFILLED' || Boolean(order.shippingInfo?.pickup));

/**
 * Whether the order was sent: all of it (the day the last parcel left), part of it, or nothing yet;
 * each parcel is listed below. An order the buyer collects is ready for pickup instead of sent.
 */
function deliveryLabel(order: Order, locale: string): string {
  const pickup = Boolean(order.shippingInfo?.pickup);
  if (order.fulfillmentStatus === 'FULFILLED')
    return `${pickup ? 'Ready for pickup since' : 'Sent'} ${dateOf(order.fulfillmentInfo?.fulfilledDate, locale)}`.trim();
  if (order.fulfillmentStatus === 'PARTIALLY_FULFILLED') return pickup ? 'Partly ready for pickup' : 'Partly sent';
  return pickup ? 'Being prepared' : 'Not sent yet';
}

/** The payment state in words, with the day it was recorded. */
function paymentLabel(order: Order, locale: string): string {
  switch (order.paymentStatus) {
    case 'PAID':
      return order.paidDate ? `Paid ${dateOf(order.paidDate, locale)}` : 'Paid';
    case 'PENDING':
      return 'Pending';
    case 'NOT_PAID':
      return 'Awaiting payment';
    case 'PARTIALLY_REFUNDED':
      return `Partly refunded (${order.refundedTotal?.formattedAmount ?? ''})`;
    case 'FULLY_REFUNDED':
      return 'Refunded';
    default:
      return orderStatusLabel(order);
  }
}
