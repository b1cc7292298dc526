/** Turns a placed order into what its status page shows (`pages/order-status-page.tsx`). */
import type { OrderStatusPageProps, PaymentView, ShipmentView } from '../../../pages/order-status-page.js';
import { formatLocalDateTime } from '../../../platform/date-time.js';
import { webLink } from '../../../platform/http/web-link.js';
import type { WireOrder } from '../schemas.js';
import { deliveryOf, summaryOfOrder } from './view.js';

/**
 * The order's parcels, oldest first, each with its carrier, tracking and what it holds; an order
 * fulfilled whole before parcels were recorded (migration 0016) has its one tracking.
 */
export function shipmentsOf(o: WireOrder, timeZone: string | undefined): ShipmentView[] {
  const names = new Map(o.lineItems.map((l) => [l.id, l.name]));
  if (o.fulfillments.length > 0) {
    return o.fulfillments.map((f) => ({
      date: formatLocalDateTime(f.createdDate, timeZone),
      ...(f.carrier.code !== 'OTHER' ? { carrier: f.carrier.name } : {}),
      trackingNumber: f.trackingNumber,
      trackingUrl: webLink(f.trackingUrl),
      items: f.lineItems.map((l) => `${l.quantity} × ${names.get(l.lineItemId) ?? 'item'}`).join(', '),
    }));
  }
  const f = o.fulfillmentInfo;
  if (!f) return [];
  return [{ date: formatLocalDateTime(f.fulfilledDate, timeZone), trackingNumber: f.trackingNumber, trackingUrl: webLink(f.trackingUrl) }];
}

/**
 * Where the payment stands. The buyer is asked to pay only while the order is open, unpaid and not
 * yet sent: never once it is paid, shipped or cancelled.
 */
export function paymentViewOf(o: WireOrder): PaymentView {
  const title = o.paymentMethod.title;
  const status: string = o.paymentStatus;
  if (status === 'PAID') return { state: 'paid', title };
  const refunded = o.refundedTotal.formattedAmount;
  if (status === 'FULLY_REFUNDED') return { state: 'refunded', title, refunded };
  if (status === 'PARTIALLY_REFUNDED') return { state: 'partially-refunded', title, refunded };
  const open = o.status !== 'CANCELED' && o.fulfillmentStatus === 'NOT_FULFILLED';
  return open ? { state: 'awaiting', title, instructions: o.paymentMethod.instructions } : { state: 'not-due', title };
}

/** The status page of the order, its dates in the shop's `timeZone`; `shipments` default to the order's own tracking. */
export function orderStatusView(
  o: WireOrder,
  timeZone: string | undefined,
  shipments: ShipmentView[] = shipmentsOf(o, timeZone),
): Omit<OrderStatusPageProps, 'shopName' | 'nonce'> {
  const fulfilment: string = o.fulfillmentStatus;
  return {
    number: o.number,
    placedDate: formatLocalDateTime(o.createdDate, timeZone),
    summary: summaryOfOrder(o),
    delivery: deliveryOf(o),
    payment: paymentViewOf(o),
    fulfilment: {
      state: fulfilment === 'FULFILLED' ? 'fulfilled' : fulfilment === 'PARTIALLY_FULFILLED' ? 'partially-fulfilled' : 'not-fulfilled',
      shipments,
    },
    ...(o.cancellation
      ? { cancellation: { date: formatLocalDateTime(o.cancellation.canceledDate, timeZone), reason: o.cancellation.reason } }
      : {}),
  };
}
