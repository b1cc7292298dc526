import type { Order } from '@vitrine/sdk';

/** Where an order stands, as a label and a tone for its badge. */
export function orderBadge(order: Pick<Order, 'status' | 'paymentStatus' | 'fulfillmentStatus'>): {
  label: string;
  tone: 'muted' | 'warn' | 'ok';
} {
  if (order.status === 'CANCELED') return { label: 'Canceled', tone: 'muted' };
  if (order.paymentStatus === 'FULLY_REFUNDED') return { label: 'Refunded', tone: 'muted' };
  if (order.fulfillmentStatus === 'FULFILLED')
    return { label: order.paymentStatus === 'PARTIALLY_REFUNDED' ? 'Fulfilled · partly refunded' : 'Fulfilled', tone: 'ok' };
  if (order.fulfillmentStatus === 'PARTIALLY_FULFILLED') return { label: 'Partly fulfilled', tone: 'warn' };
  if (order.paymentStatus === 'PARTIALLY_REFUNDED') return { label: 'Partly refunded · to ship', tone: 'warn' };
  if (order.paymentStatus === 'PAID') return { label: 'Paid · to ship', tone: 'warn' };
  if (order.paymentStatus === 'PENDING') return { label: 'Payment pending', tone: 'warn' };
  return { label: 'Awaiting payment', tone: 'warn' };
}
