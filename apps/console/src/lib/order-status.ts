import type { Order } from '@vitrine/sdk';

/** Where an order stands, as a label and a tone for its badge. */
export function orderBadge(o: Pick<Order, 'status' | 'paymentStatus' | 'fulfillmentStatus'>): {
  label: string;
  tone: 'muted' | 'warn' | 'ok';
} {
  if (o.status === 'CANCELED') return { label: 'Canceled', tone: 'muted' };
  if (o.paymentStatus === 'FULLY_REFUNDED') return { label: 'Refunded', tone: 'muted' };
  if (o.fulfillmentStatus === 'FULFILLED')
    return { label: o.paymentStatus === 'PARTIALLY_REFUNDED' ? 'Fulfilled · partly refunded' : 'Fulfilled', tone: 'ok' };
  if (o.fulfillmentStatus === 'PARTIALLY_FULFILLED') return { label: 'Partly fulfilled', tone: 'warn' };
  if (o.paymentStatus === 'PARTIALLY_REFUNDED') return { label: 'Partly refunded · to ship', tone: 'warn' };
  if (o.paymentStatus === 'PAID') return { label: 'Paid · to ship', tone: 'warn' };
  if (o.paymentStatus === 'PENDING') return { label: 'Payment pending', tone: 'warn' };
  return { label: 'Awaiting payment', tone: 'warn' };
}
