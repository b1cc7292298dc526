import { describe, expect, it } from 'vitest';
import { createClient } from '../client.js';
import { orders } from './orders.js';
import { ordersMerchant } from './orders-merchant.js';

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
    expect(seen.map((request) => `${request.method} ${request.url}`)).toEqual(['GET https://ro.test/ecom/v1/orders/o1?id=o1']);
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
      route: 'GET /ecom/v1/orders/{id}',
      args: ['_id'],
      response: expect.objectContaining({
        dates:
          'order.createdDate order.updatedDate order.paidDate order.fulfillmentInfo.fulfilledDate order.cancellation.canceledDate order.fulfillments.createdDate order.refunds.createdDate order.shippingInfo.deliveryTimeSlot.from order.shippingInfo.deliveryTimeSlot.to',
      }),
      returns: 'order',
    });
    expect(orders.searchOrders.route).toBe('POST /ecom/v1/orders/search');
  });

  it('searchOrders sends a merchant filter with its dates as ISO text, and the sort', async () => {
    const { seen, client } = fakeServer({ orders: [], metadata: { count: 0, offset: 0, total: 0 } });
    const filter = {
      paymentStatus: ['NOT_PAID' as const, 'PENDING' as const],
      createdDate: { from: new Date('2026-11-01T00:00:00.000Z'), to: new Date('2026-12-01T00:00:00.000Z') },
      email: 'ada@',
    };
    const options = { filter, sort: { fieldName: 'total' as const, order: 'DESC' as const } };
    await client.orders.searchOrders(options);
    expect(seen[0].body).toEqual({
      filter: {
        paymentStatus: ['NOT_PAID', 'PENDING'],
        createdDate: { from: '2026-11-01T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' },
        email: 'ada@',
      },
      sort: { fieldName: 'total', order: 'DESC' },
    });
    expect(filter.createdDate.from).toBeInstanceOf(Date);
  });
});

describe('orders module: merchant actions', () => {
  const CHANGED = {
    ...WIRE_ORDER,
    status: 'CANCELED',
    updatedDate: '2026-11-23T08:00:00.000Z',
    paidDate: '2026-11-22T06:00:00.000Z',
    fulfillmentInfo: { fulfilledDate: '2026-11-22T07:00:00.000Z', trackingNumber: '1Z9' },
    cancellation: { canceledDate: '2026-11-23T08:00:00.000Z', reason: 'asked' },
  };

  it.each([
    ['markOrderAsPaid', [], 'mark-as-paid', { id: 'o 1' }],
    [
      'fulfillOrder',
      [{ trackingNumber: '1Z9', trackingUrl: 'https://t.test/1Z9' }],
      'fulfill',
      { id: 'o 1', trackingNumber: '1Z9', trackingUrl: 'https://t.test/1Z9' },
    ],
    ['fulfillOrder', [], 'fulfill', { id: 'o 1' }],
    ['cancelOrder', [{ reason: 'asked' }], 'cancel', { id: 'o 1', reason: 'asked' }],
    [
      'refundOrder',
      [{ reason: 'asked', lineItems: [{ lineItemId: 'l1', quantity: 1 }], amount: '5.00', restock: true }],
      'refund',
      { id: 'o 1', reason: 'asked', lineItems: [{ lineItemId: 'l1', quantity: 1 }], amount: '5.00', restock: true },
    ],
  ] as const)('%s posts to its path on the api host and resolves to the order, converted', async (name, rest, path, body) => {
    const { seen, client } = fakeServer({ order: CHANGED });
    const call = client.orders[name] as (id: string, ...more: unknown[]) => Promise<import('../types/index.js').Order>;
    const order = await call('o 1', ...rest);
    expect(seen).toEqual([{ url: `https://api.test/ecom/v1/orders/o%201/${path}`, method: 'POST', body }]);
    expect(order._id).toBe('o1');
    expect(order._updatedDate).toEqual(new Date('2026-11-23T08:00:00.000Z'));
    expect(order.paidDate).toEqual(new Date('2026-11-22T06:00:00.000Z'));
    expect(order.fulfillmentInfo).toEqual({ fulfilledDate: new Date('2026-11-22T07:00:00.000Z'), trackingNumber: '1Z9' });
    expect(order.cancellation).toEqual({ canceledDate: new Date('2026-11-23T08:00:00.000Z'), reason: 'asked' });
  });

  it('loads the merchant actions on first call: the module names each, and each loads the declaration of its name', async () => {
    const lazy = Object.keys(orders).filter((name) => (orders as Record<string, { load?: unknown }>)[name].load);
    expect(lazy.sort()).toEqual(Object.keys(ordersMerchant).sort());
    for (const name of lazy) {
      const loaded = await (orders as unknown as Record<string, { load: () => Promise<unknown> }>)[name].load();
      expect(loaded).toBe((ordersMerchant as Record<string, unknown>)[name]);
    }
  });

  it('declares the actions as data, wire paths only', () => {
    expect(ordersMerchant.cancelOrder).toEqual({
      route: 'POST /ecom/v1/orders/{id}/cancel',
      args: ['_id', 'options{reason}'],
      response: expect.objectContaining({ dates: expect.stringContaining('order.cancellation.canceledDate') }),
      returns: 'order',
    });
  });
});

describe('orders module: the timeline and notes (#20)', () => {
  const NOTE = {
    id: 'a1',
    kind: 'NOTE',
    who: { identityType: 'APP', appId: 'k1' },
    createdDate: '2026-11-26T07:00:00.000Z',
    detail: {},
    removed: { removedDate: '2026-11-26T08:00:00.000Z', who: { identityType: 'APP', appId: 'k1' } },
  };

  it('listOrderActivities reads the timeline and converts its dates', async () => {
    const { seen, client } = fakeServer({ activities: [NOTE] });
    const { activities } = await client.orders.listOrderActivities('o 1');
    expect(seen.map((request) => `${request.method} ${new URL(request.url).pathname}`)).toEqual(['GET /ecom/v1/orders/o%201/activities']);
    expect(activities[0]).toMatchObject({ _id: 'a1', _createdDate: new Date(NOTE.createdDate) });
    expect(activities[0].removed?.removedDate).toEqual(new Date('2026-11-26T08:00:00.000Z'));
  });

  it('addOrderNote posts the text as note.text and resolves to the entry; removeOrderNote deletes by path', async () => {
    const { seen, client } = fakeServer({ activity: NOTE });
    const added = await client.orders.addOrderNote('o1', 'Fragile');
    await client.orders.removeOrderNote('o1', 'a1');
    expect(seen[0]).toEqual({
      url: 'https://api.test/ecom/v1/orders/o1/notes',
      method: 'POST',
      body: { id: 'o1', note: { text: 'Fragile' } },
    });
    expect(`${seen[1].method} ${new URL(seen[1].url).pathname}`).toBe('DELETE /ecom/v1/orders/o1/notes/a1');
    expect(added._createdDate).toEqual(new Date(NOTE.createdDate));
  });
});
