import type { Order } from '@vitrine/sdk';

/**
 * Where an order stands, as a label and a tone for its badge. An order the buyer collects is made
 * ready for pickup rather than shipped: its fulfilment says so.
 */
export function orderBadge(order: Pick<Order, 'status' | 'paymentStatus' | 'fulfillmentStatus' | 'shippingInfo'>): {
  label: string;
  tone: 'muted' | 'warn' | 'ok';
} {
  const pickup = Boolean(order.shippingInfo?.pickup);
  const fulfilled = pickup ? 'Ready for pickup' : 'Fulfilled';
  const toDo = pickup ? 'to prepare' : 'to ship';
  if (order.status === 'CANCELED') return { label: 'Canceled', tone: 'muted' };
  if (order.paymentStatus === 'FULLY_REFUNDED') return { label: 'Refunded', tone: 'muted' };
  if (order.fulfillmentStatus === 'FULFILLED')
    return { label: order.paymentStatus === 'PARTIALLY_REFUNDED' ? `${fulfilled} · partly refunded` : fulfilled, tone: 'ok' };
  if (order.fulfillmentStatus === 'PARTIALLY_FULFILLED')
    return { label: pickup ? 'Partly ready for pickup' : 'Partly fulfilled', tone: 'warn' };
  if (order.paymentStatus === 'PARTIALLY_REFUNDED') return { label: `Partly refunded · ${toDo}`, tone: 'warn' };
  if (order.paymentStatus === 'PAID') return { label: `Paid · ${toDo}`, tone: 'warn' };
  if (order.paymentStatus === 'PENDING') return { label: 'Payment pending', tone: 'warn' };
  return { label: 'Awaiting payment', tone: 'warn' };
}
