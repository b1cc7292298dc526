/** Turns a placed order into what its status page shows (`pages/order-status-page.tsx`). */
import type { OrderStatusPageProps, PaymentView, ShipmentView } from '../../../pages/order-status-page.js';
import { formatLocalDateTime } from '../../../platform/date-time.js';
import { webLink } from '../../../platform/http/web-link.js';
import { deliveryText } from '../mails.js';
import type { WireOrder } from '../schemas.js';
import { summaryOfOrder } from './view.js';

/**
 * The order's parcels, oldest first, each with its carrier, tracking and what it holds; an order
 * fulfilled whole before parcels were recorded (migration 0016) has its one tracking.
 */
function shipmentsOf(order: WireOrder, timeZone: string | undefined): ShipmentView[] {
  const names = new Map(order.lineItems.map((line) => [line.id, line.name]));
  if (order.fulfillments.length > 0) {
    return order.fulfillments.map((fulfillment) => ({
      date: formatLocalDateTime(fulfillment.createdDate, timeZone),
      ...(fulfillment.carrier.code !== 'OTHER' ? { carrier: fulfillment.carrier.name } : {}),
      trackingNumber: fulfillment.trackingNumber,
      trackingUrl: webLink(fulfillment.trackingUrl),
      items: fulfillment.lineItems.map((line) => `${line.quantity} × ${names.get(line.lineItemId) ?? 'item'}`).join(', '),
    }));
  }
  const info = order.fulfillmentInfo;
  if (!info) return [];
  return [
    {
      date: formatLocalDateTime(info.fulfilledDate, timeZone),
      trackingNumber: info.trackingNumber,
      trackingUrl: webLink(info.trackingUrl),
    },
  ];
}

/**
 * Where the payment stands. The buyer is asked to pay only while the order is open, unpaid and not
 * yet sent: never once it is paid, shipped or cancelled. A pickup order ready to collect is still to
 * be paid (often at the counter): the buyer is asked until it is paid.
 */
export function paymentViewOf(order: WireOrder): PaymentView {
  const title = order.paymentMethod.title;
  const status: string = order.paymentStatus;
  if (status === 'PAID') return { state: 'paid', title };
  const refunded = order.refundedTotal.formattedAmount;
  if (status === 'FULLY_REFUNDED') return { state: 'refunded', title, refunded };
  if (status === 'PARTIALLY_REFUNDED') return { state: 'partially-refunded', title, refunded };
  const open = order.status !== 'CANCELED' && (order.fulfillmentStatus === 'NOT_FULFILLED' || Boolean(order.shippingInfo?.pickup));
  return open ? { state: 'awaiting', title, instructions: order.paymentMethod.instructions } : { state: 'not-due', title };
}

/** The status page of the order, its dates in the shop's `timeZone`; `shipments` default to the order's own tracking. */
export function orderStatusView(
  order: WireOrder,
  timeZone: string | undefined,
  shipments: ShipmentView[] = shipmentsOf(order, timeZone),
): Omit<OrderStatusPageProps, 'shopName' | 'nonce'> {
  const fulfilment: string = order.fulfillmentStatus;
  return {
    number: order.number,
    placedDate: formatLocalDateTime(order.createdDate, timeZone),
    summary: summaryOfOrder(order),
    delivery: deliveryText(order),
    payment: paymentViewOf(order),
    fulfilment: {
      state: fulfilment === 'FULFILLED' ? 'fulfilled' : fulfilment === 'PARTIALLY_FULFILLED' ? 'partially-fulfilled' : 'not-fulfilled',
      pickup: Boolean(order.shippingInfo?.pickup),
      shipments,
    },
    ...(order.cancellation
      ? { cancellation: { date: formatLocalDateTime(order.cancellation.canceledDate, timeZone), reason: order.cancellation.reason } }
      : {}),
  };
}
