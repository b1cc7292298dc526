import type { Order } from '@vitrine/sdk';

/** Where an order stands, as a label and a tone for its badge. */
export function orderBadge(o: Pick<Order, 'status' | 'paymentStatus' | 'fulfillmentStatus'>): {
  label: string;
  tone: 'muted' | 'warn' | 'ok';
} {
  if (o.status === 'CANCELED') return { label: 'Canceled', tone: 'muted' };
  if (o.fulfillmentStatus === 'FULFILLED') return { label: 'Fulfilled', tone: 'ok' };
  if (o.paymentStatus === 'PAID') return { label: 'Paid · to ship', tone: 'warn' };
  if (o.paymentStatus === 'PENDING') return { label: 'Payment pending', tone: 'warn' };
  return { label: 'Awaiting payment', tone: 'warn' };
}
