import { createElement } from 'react';
import { checkoutStyles, OrderSummary, type SummaryView } from './checkout-summary.js';
import { Layout, type PageBase, renderDocument } from './layout.js';
import { type ShopContact, ShopFooter } from './shop-footer.js';

/** One parcel on its way: each fulfilment of the order (today one, from the order's tracking). */
export interface ShipmentView {
  carrier?: string;
  trackingNumber?: string;
  /** https link to the carrier's tracking page */
  trackingUrl?: string;
  /** when it was sent, formatted */
  date?: string;
  /** what the parcel holds ("1 × Mug, 2 × Notebook") */
  items?: string;
}

type FulfilmentState = 'not-fulfilled' | 'partially-fulfilled' | 'fulfilled';

/** Where the payment stands, as the buyer reads it; instructions only while the buyer still has to pay. */
export type PaymentView =
  | { state: 'awaiting'; title: string; instructions: string }
  | { state: 'refunded' | 'partially-refunded'; title: string /** how much was given back, formatted */; refunded: string }
  | { state: 'paid' | 'not-due'; title: string };

/** The order-status page: everything the buyer may want to know about one order. */
export interface OrderStatusPageProps extends PageBase {
  number: string;
  placedDate: string;
  summary: SummaryView;
  /** "Standard shipping to Ada Lovelace, 1 Main St…" or the pickup place */
  delivery?: string;
  payment: PaymentView;
  /** `pickup`: the buyer collects the order, so a fulfilment means its items are ready there, not sent */
  fulfilment: { state: FulfilmentState; pickup: boolean; shipments: ShipmentView[] };
  cancellation?: { date: string; reason?: string };
  contact?: ShopContact;
}

const PAYMENT_STATE: Record<PaymentView['state'], string> = {
  awaiting: 'Awaiting payment',
  paid: 'Paid',
  refunded: 'Refunded',
  'partially-refunded': 'Partially refunded',
  'not-due': 'No payment due',
};

/** The fulfilment in words: of an order sent to the buyer, and of one the buyer collects. */
const FULFILMENT_STATE: Record<'sent' | 'pickup', Record<FulfilmentState, string>> = {
  sent: { 'not-fulfilled': 'Not shipped yet', 'partially-fulfilled': 'Partly shipped', fulfilled: 'Shipped' },
  pickup: { 'not-fulfilled': 'Being prepared for pickup', 'partially-fulfilled': 'Partly ready for pickup', fulfilled: 'Ready for pickup' },
};

const fulfilmentText = ({ state, pickup }: OrderStatusPageProps['fulfilment']) => FULFILMENT_STATE[pickup ? 'pickup' : 'sent'][state];

/** "Sent 2 Dec 2026 with UPS", or for a pickup "Ready 2 Dec 2026". */
function shipmentText(shipment: ShipmentView, pickup: boolean): string {
  if (pickup) return shipment.date ? `Ready ${shipment.date}` : 'Ready';
  return [shipment.date ? `Sent ${shipment.date}` : 'Sent', shipment.carrier].filter(Boolean).join(' with ');
}

/** The state line at the top: cancelled wins, then shipped (or ready for pickup), then paid, then waiting. */
function headline(props: OrderStatusPageProps): string {
  if (props.cancellation) return 'Cancelled';
  if (props.fulfilment.state !== 'not-fulfilled') return fulfilmentText(props.fulfilment);
  return PAYMENT_STATE[props.payment.state];
}

function OrderStatusPage(props: OrderStatusPageProps) {
  return (
    <Layout {...props} title={`Order ${props.number}`} footer={<ShopFooter shopName={props.shopName} contact={props.contact} />}>
      <style nonce={props.nonce}>{checkoutStyles + statusStyles}</style>
      <h1>Order {props.number}</h1>
      <p className="muted">Placed {props.placedDate}</p>
      <p className="state" data-testid="order-state">
        {headline(props)}
      </p>
      {props.cancellation && (
        <section aria-labelledby="cancel-title" className="checkout-section">
          <h2 id="cancel-title">Cancelled</h2>
          <p>
            This order was cancelled on {props.cancellation.date}.{props.cancellation.reason ? ` Reason: ${props.cancellation.reason}` : ''}
          </p>
        </section>
      )}
      <section aria-labelledby="payment-title" className="checkout-section">
        <h2 id="payment-title">Payment</h2>
        <p>
          {props.payment.title}: <strong data-testid="payment-state">{PAYMENT_STATE[props.payment.state]}</strong>
        </p>
        {props.payment.state === 'awaiting' && <p className="instructions">{props.payment.instructions}</p>}
        {(props.payment.state === 'refunded' || props.payment.state === 'partially-refunded') && (
          <p data-testid="refunded">{props.payment.refunded} was refunded to you.</p>
        )}
      </section>
      <section aria-labelledby="shipping-title" className="checkout-section">
        <h2 id="shipping-title">{props.fulfilment.pickup ? 'Pickup' : 'Delivery'}</h2>
        {props.delivery && <p>{props.delivery}</p>}
        {!props.cancellation && <p data-testid="fulfilment-state">{fulfilmentText(props.fulfilment)}</p>}
        {props.fulfilment.shipments.length > 0 && (
          <ul className="shipments">
            {props.fulfilment.shipments.map((s, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: shipments are rendered once, in order
              <li key={i}>
                {shipmentText(s, props.fulfilment.pickup)}
                {s.trackingNumber && (
                  <>
                    {' · Tracking '}
                    {s.trackingUrl ? <a href={s.trackingUrl}>{s.trackingNumber}</a> : s.trackingNumber}
                  </>
                )}
                {!s.trackingNumber && s.trackingUrl && (
                  <>
                    {' · '}
                    <a href={s.trackingUrl}>Track the parcel</a>
                  </>
                )}
                {s.items && <span className="muted">{` · ${s.items}`}</span>}
              </li>
            ))}
          </ul>
        )}
      </section>
      <OrderSummary summary={props.summary} title="Your order" />
    </Layout>
  );
}

const statusStyles = `
.state{display:inline-block;font-weight:600;padding:var(--space-1) var(--space-3);border-radius:var(--radius);background:var(--color-notice-bg)}
.shipments{padding-left:var(--space-4);margin:0}
.shipments li{margin:var(--space-1) 0;overflow-wrap:anywhere}
`;

/** The complete HTML document of the order-status page. */
export function renderOrderStatusPage(props: OrderStatusPageProps): string {
  return renderDocument(createElement(OrderStatusPage, props));
}
