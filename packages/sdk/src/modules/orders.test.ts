import { describe, expect, it } from 'vitest';
import { createClient } from '../client.js';
import { orders } from './orders.js';

interface Seen {
  url: string;
  method: string;
  body?: unknown;
}

const WIRE_ORDER = {
  id: 'o1',
  number: '10001',
  createdDate: '2026-11-22T05:00:00.000Z',
  lineItems: [{ id: 'l1', name: 'Mug', quantity: 2 }],
  shippingInfo: {
    title: 'Standard',
    address: { addressLine: '1 Main St', city: 'Springfield', country: 'US', geocode: { latitude: 'NaN' } },
  },
  billingInfo: { address: { formattedAddress: '1 Main St, Springfield' } },
};

/** A fetch answering every call with `answer`, recording what was sent. */
function fakeServer(answer: unknown) {
  const seen: Seen[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    seen.push({ url, method: init.method ?? 'GET', body: init.body ? JSON.parse(String(init.body)) : undefined });
    return Response.json(answer);
  };
  return { seen, client: createClient({ host: { api: 'https://api.test', readOnly: 'https://ro.test' }, modules: { orders }, fetch }) };
}

describe('orders module', () => {
  it('getOrder reads one order from the readOnly host and resolves to it, converted', async () => {
    const { seen, client } = fakeServer({ order: WIRE_ORDER });
    const order = await client.orders.getOrder('o1');
    expect(seen.map((s) => `${s.method} ${s.url}`)).toEqual(['GET https://ro.test/ecom/v1/orders/o1?id=o1']);
    expect(order._id).toBe('o1');
    expect(order._createdDate).toEqual(new Date('2026-11-22T05:00:00.000Z'));
    expect(order.lineItems?.[0]._id).toBe('l1');
    expect(order.shippingInfo?.address).toMatchObject({
      addressLine1: '1 Main St',
      city: 'Springfield',
      location: { latitude: Number.NaN },
    });
    expect(order.billingInfo?.address).toEqual({ formatted: '1 Main St, Springfield' });
  });

  it('searchOrders posts the paging and resolves to orders and metadata', async () => {
    const { seen, client } = fakeServer({ orders: [WIRE_ORDER], metadata: { count: 1, offset: 10, total: 11 } });
    const page = await client.orders.searchOrders({ paging: { limit: 10, offset: 10 } });
    expect(seen).toEqual([{ url: 'https://api.test/ecom/v1/orders/search', method: 'POST', body: { paging: { limit: 10, offset: 10 } } }]);
    expect(page.metadata).toEqual({ count: 1, offset: 10, total: 11 });
    expect(page.orders?.[0]._createdDate).toBeInstanceOf(Date);
    expect(page.orders?.[0].shippingInfo?.address?.addressLine1).toBe('1 Main St');
  });

  it('declares its calls as data, wire paths only', () => {
    expect(orders.getOrder).toEqual({
      r: 'GET /ecom/v1/orders/{id}',
      a: ['_id'],
      s: expect.objectContaining({ d: 'order.createdDate' }),
      o: 'order',
    });
    expect(orders.searchOrders.r).toBe('POST /ecom/v1/orders/search');
  });
});
