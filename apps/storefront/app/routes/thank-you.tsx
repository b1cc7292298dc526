import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useVitrine, vitrineKeys } from '@vitrine/react';
import type { Order } from '@vitrine/sdk';
import { addressLines, lineOptionsText } from '@vitrine/sdk/wording';
import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router';
import { formatPrice } from '../components/cart-money.js';
import { orderQueryOptions } from '../components/cart-order.js';
import { OrderChosenTime } from '../components/order-chosen-time.js';
import { OrderTotals } from '../components/order-totals.js';
import { useLocale, useShopCurrency } from '../lib/locale.js';
import { shopNameOf } from '../lib/seo.js';
import type { Route } from './+types/thank-you';

export const meta: Route.MetaFunction = ({ matches }) => [
  { title: `Thank you for your order · ${shopNameOf(matches)}` },
  { name: 'robots', content: 'noindex' },
];

/**
 * Where the hosted checkout sends the shopper once the order is placed, with `orderId` and
 * `orderNumber` in the query string. The server deleted the cart when it placed the order, so the
 * cached one is dropped; the order is read back (when the server shows it to this shopper) for its
 * summary, else the page thanks them with the number alone.
 */
export default function ThankYouPage() {
  const [params] = useSearchParams();
  const orderId = params.get('orderId') ?? '';
  const orderNumber = params.get('orderNumber') ?? '';
  const { client } = useVitrine();
  const queryClient = useQueryClient();
  const order = useQuery({ ...orderQueryOptions(client, orderId), enabled: !!orderId });

  useEffect(() => {
    // the placed order emptied the cart server-side: forget the cached one (and its estimates)
    void queryClient.resetQueries({ queryKey: vitrineKeys.cart() });
  }, [queryClient]);

  const number = order.data?.number ?? orderNumber;
  return (
    <div className="container thank-you">
      <div className="thank-you__card">
        <svg className="thank-you__icon" aria-hidden="true" viewBox="0 0 48 48" width="48" height="48">
          <circle cx="24" cy="24" r="22" fill="currentColor" />
          <path d="M14 24.5l7 7 13-14" fill="none" stroke="#fff" strokeWidth="4" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
        <h1>Thank you for your order</h1>
        {number ? (
          <p className="thank-you__number">
            Your order number is <strong data-testid="order-number">{number}</strong>.
          </p>
        ) : (
          <p>Your order is placed.</p>
        )}
        {order.data ? <OrderSummary order={order.data} /> : null}
        {order.isPending && order.fetchStatus === 'fetching' ? <p role="status">Loading your order…</p> : null}
        <p className="thank-you__note">
          {order.data?.buyerInfo?.email
            ? `A confirmation is on its way to ${order.data.buyerInfo.email}.`
            : 'A confirmation is on its way to your e-mail address.'}
        </p>
        <Link to="/products" className="button button--primary button--large">
          Continue shopping
        </Link>
      </div>
    </div>
  );
}

/** Where the buyer collects a pickup order; nothing for an order that is sent. */
function OrderPickupPlace({ shipping }: { shipping: Order['shippingInfo'] }) {
  if (!shipping?.pickup) return null;
  return (
    <p data-testid="order-pickup-place">
      <strong>Pick up at:</strong> {addressLines(shipping.pickup.address).join(', ') || 'the shop'}
    </p>
  );
}

/** The order as the server recorded it: its lines, totals, shipping and how to pay. */
function OrderSummary({ order }: { order: Order }) {
  const locale = useLocale();
  const shopCurrency = useShopCurrency();
  const currency = order.currency ?? shopCurrency;
  const money = (price: Parameters<typeof formatPrice>[0]) => formatPrice(price, currency, locale);
  return (
    <section className="thank-you__order" aria-label="Order summary">
      <ul className="thank-you__lines">
        {(order.lineItems ?? []).map((line) => (
          <li key={line._id ?? line.name}>
            {line.image ? <img src={line.image} alt="" width={56} height={56} loading="lazy" /> : null}
            <span className="thank-you__line-name">
              {line.quantity} × {line.name}
              {line.descriptionLines?.length ? (
                <span className="thank-you__line-options">{lineOptionsText(line.descriptionLines)}</span>
              ) : null}
            </span>
            <span className="thank-you__line-price">{money(line.totalPrice)}</span>
          </li>
        ))}
      </ul>
      <OrderTotals order={order} money={money} />
      <OrderPickupPlace shipping={order.shippingInfo} />
      <OrderChosenTime shipping={order.shippingInfo} />
      {order.shippingInfo?.pickup?.instructions ? <p>{order.shippingInfo.pickup.instructions}</p> : null}
      {order.paymentMethod?.instructions ? (
        <div className="thank-you__payment">
          <h2>{order.paymentMethod.title ?? 'Payment'}</h2>
          <p>{order.paymentMethod.instructions}</p>
        </div>
      ) : null}
    </section>
  );
}
