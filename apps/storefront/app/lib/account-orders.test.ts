import type { Order } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { orderStatusLabel } from './account-orders.js';

describe('orderStatusLabel', () => {
  it.each<[Partial<Order>, string]>([
    [{ status: 'APPROVED', paymentStatus: 'NOT_PAID', fulfillmentStatus: 'NOT_FULFILLED' }, 'Awaiting payment'],
    [{ status: 'APPROVED', paymentStatus: 'PAID', fulfillmentStatus: 'PARTIALLY_FULFILLED' }, 'Partly sent'],
    [{ status: 'APPROVED', paymentStatus: 'PAID', fulfillmentStatus: 'FULFILLED' }, 'Fulfilled'],
    [{ status: 'APPROVED', paymentStatus: 'PARTIALLY_REFUNDED', fulfillmentStatus: 'NOT_FULFILLED' }, 'Partly refunded'],
    [{ status: 'APPROVED', paymentStatus: 'FULLY_REFUNDED', fulfillmentStatus: 'FULFILLED' }, 'Refunded'],
    [{ status: 'CANCELED', paymentStatus: 'FULLY_REFUNDED', fulfillmentStatus: 'NOT_FULFILLED' }, 'Canceled'],
    [{ status: 'APPROVED', paymentStatus: 'NOT_PAID', fulfillmentStatus: 'FULFILLED', shippingInfo: { pickup: {} } }, 'Ready for pickup'],
    [
      { status: 'APPROVED', paymentStatus: 'PAID', fulfillmentStatus: 'PARTIALLY_FULFILLED', shippingInfo: { pickup: {} } },
      'Partly ready for pickup',
    ],
  ])('names %j "%s" (#20: parcels and refunds)', (order, label) => {
    expect(orderStatusLabel(order as Order)).toBe(label);
  });
});
