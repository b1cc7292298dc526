/**
 * The merchant's order actions (#7): mark as paid, fulfil, cancel. Against the real server: each
 * transition and its event, the refusals, merchant-only access, and the stock a cancellation gives
 * back exactly once (also when two merchants cancel at once).
 */
import { type Order, type Product, VitrineError } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { memberClient, merchantClient, placedOrder, quantityOf, stockedProduct } from '../../../test/support/checkout-fixtures.js';
import { type Answer, memberTokens, send, visitorTokens } from '../../../test/support/http.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';
import { thrown } from '../../../test/support/thrown.js';
import { setOrderPaymentStatus } from './store.js';

const server = usShippingServerForFile();

const act = (id: string, action: string, body: unknown = {}) => merchantCall(server, 'POST', `/ecom/v1/orders/${id}/${action}`, body);

/** The order's events in the outbox, in order: `type`, and the payload's entity. */
async function eventsOf(entityId: string) {
  const rows = await server.database.db
    .selectFrom('events')
    .select(['type', 'payload', 'identity'])
    .where('entity_id', '=', entityId)
    .orderBy('sequence')
    .execute();
  return rows.map((row) => ({
    type: row.type,
    entity: (row.payload as { entity: Record<string, unknown> }).entity,
    identity: row.identity,
  }));
}

/** A new order of one unit of a new product with `quantity` units in stock. */
async function orderOfOne(quantity = 5) {
  const mug = await stockedProduct(server, { quantity });
  const order = await placedOrder(server, [{ productId: mug._id, quantity: 2 }]);
  return { mug, order };
}

const appError = (answer: Answer) => [answer.status, answer.body?.details?.applicationError?.code];
const MERCHANT = () => ({ identityType: 'APP', appId: expect.any(String) });

describe('mark as paid', () => {
  it('moves an unpaid order to PAID with its date, moves updatedDate and publishes order.updated', async () => {
    const { order } = await orderOfOne();
    expect(order.paymentStatus).toBe('NOT_PAID');
    const answer = await act(order.id, 'mark-as-paid');
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      id: order.id,
      paymentStatus: 'PAID',
      status: 'APPROVED',
      fulfillmentStatus: 'NOT_FULFILLED',
    });
    expect(Date.parse(answer.body.order.paidDate)).toBeGreaterThanOrEqual(Date.parse(order.createdDate));
    expect(answer.body.order.updatedDate).toBe(answer.body.order.paidDate);
    const events = await eventsOf(order.id);
    expect(events.map((event) => event.type)).toEqual(['order.created', 'order.updated']);
    expect(events[1].entity).toMatchObject({ id: order.id, paymentStatus: 'PAID' });
    expect(events[1].identity).toEqual(MERCHANT());
  });

  it('moves a PENDING payment to PAID too', async () => {
    const { order } = await orderOfOne();
    await setOrderPaymentStatus(server.database.db, order.id, 'PENDING');
    expect((await act(order.id, 'mark-as-paid')).body.order.paymentStatus).toBe('PAID');
  });

  it('refuses an order already paid with ORDER_ALREADY_PAID (409), publishing nothing more', async () => {
    const { order } = await orderOfOne();
    await act(order.id, 'mark-as-paid');
    const again = await act(order.id, 'mark-as-paid');
    expect(appError(again)).toEqual([409, 'ORDER_ALREADY_PAID']);
    expect(again.body.message).toBe('Order already paid');
    expect(again.body.details.applicationError.description).toBe('The order is already marked as paid');
    expect((await eventsOf(order.id)).map((event) => event.type)).toEqual(['order.created', 'order.updated']);
  });

  it('refuses a canceled order with ORDER_CANCELED (409)', async () => {
    const { order } = await orderOfOne();
    await act(order.id, 'cancel');
    expect(appError(await act(order.id, 'mark-as-paid'))).toEqual([409, 'ORDER_CANCELED']);
  });
});

describe('fulfil', () => {
  it('moves the order to FULFILLED with the tracking number and URL, which its buyer reads too', async () => {
    const mug = await stockedProduct(server, { quantity: 5 });
    const { client: member } = await memberClient(server);
    const order = await placedOrder(server, [{ productId: mug._id }], { shop: member });
    const answer = await act(order.id, 'fulfill', { trackingNumber: ' 1Z999AA1 ', trackingUrl: 'https://track.example/1Z999AA1' });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      fulfillmentStatus: 'FULFILLED',
      paymentStatus: 'NOT_PAID',
      fulfillmentInfo: {
        fulfilledDate: answer.body.order.updatedDate,
        trackingNumber: '1Z999AA1',
        trackingUrl: 'https://track.example/1Z999AA1',
      },
    });
    const read = await member.orders.getOrder(order.id);
    expect(read.fulfillmentStatus).toBe('FULFILLED');
    expect(read.fulfillmentInfo).toEqual({
      fulfilledDate: new Date(answer.body.order.updatedDate),
      trackingNumber: '1Z999AA1',
      trackingUrl: 'https://track.example/1Z999AA1',
    });
    const events = await eventsOf(order.id);
    expect(events.map((event) => event.type)).toEqual(['order.created', 'order.updated']);
    expect(events[1].entity).toMatchObject({ fulfillmentStatus: 'FULFILLED', fulfillmentInfo: { trackingNumber: '1Z999AA1' } });
  });

  it('fulfils without tracking (a body is optional)', async () => {
    const { order } = await orderOfOne();
    const answer = await merchantCall(server, 'POST', `/ecom/v1/orders/${order.id}/fulfill`);
    expect(answer.status).toBe(200);
    expect(answer.body.order.fulfillmentInfo).toEqual({ fulfilledDate: answer.body.order.updatedDate });
  });

  it('refuses an order already fulfilled (ORDER_ALREADY_FULFILLED) and a canceled one (ORDER_CANCELED)', async () => {
    const { order: fulfilled } = await orderOfOne();
    await act(fulfilled.id, 'fulfill');
    expect(appError(await act(fulfilled.id, 'fulfill', { trackingNumber: 'X' }))).toEqual([409, 'ORDER_ALREADY_FULFILLED']);
    const { order: canceled } = await orderOfOne();
    await act(canceled.id, 'cancel');
    expect(appError(await act(canceled.id, 'fulfill'))).toEqual([409, 'ORDER_CANCELED']);
  });

  it.each([
    [{ trackingUrl: 'ftp://x.example/1' }, 'trackingUrl', 'must be an https URL'],
    [{ trackingNumber: '' }, 'trackingNumber', 'Too small: expected string to have >=1 characters'],
    [{ trackingNumber: 'x'.repeat(101) }, 'trackingNumber', 'Too big: expected string to have <=100 characters'],
    [{ parcel: 'UPS' }, 'parcel', 'is not a known field'],
    [{ id: '00000000-0000-4000-8000-000000000000' }, 'id', 'must match the id in the path'],
  ])('refuses the body %j naming %s', async (body, field, description) => {
    const { order } = await orderOfOne();
    const answer = await act(order.id, 'fulfill', body);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toMatch(/^INVALID_ARGUMENT: /);
    expect(answer.body.details.validationError.fieldViolations).toEqual([expect.objectContaining({ field, description })]);
  });
});

describe('cancel', () => {
  it('cancels with the reason, gives the stock back and publishes the product events and order.canceled', async () => {
    const { mug, order } = await orderOfOne(5);
    expect(await quantityOf(server, mug._id)).toBe(3);
    const answer = await act(order.id, 'cancel', { reason: 'The buyer asked' });
    expect(answer.status).toBe(200);
    expect(answer.body.order).toMatchObject({
      status: 'CANCELED',
      cancellation: { canceledDate: answer.body.order.updatedDate, reason: 'The buyer asked' },
    });
    expect(await quantityOf(server, mug._id)).toBe(5);
    const events = await eventsOf(order.id);
    expect(events.map((event) => event.type)).toEqual(['order.created', 'order.canceled']);
    expect(events[1].entity).toMatchObject({ status: 'CANCELED', cancellation: { reason: 'The buyer asked' } });
    const productEvents = (await eventsOf(mug._id)).map((event) => event.type);
    expect(productEvents.slice(-2)).toEqual(['product.changed', 'product.variants_changed']);
  });

  it('refuses a second cancellation (ORDER_ALREADY_CANCELED), giving nothing back again', async () => {
    const { mug, order } = await orderOfOne(5);
    await act(order.id, 'cancel');
    const again = await act(order.id, 'cancel');
    expect(appError(again)).toEqual([409, 'ORDER_ALREADY_CANCELED']);
    expect(await quantityOf(server, mug._id)).toBe(5);
  });

  it('gives the stock back once when two merchants cancel at the same time', async () => {
    const { mug, order } = await orderOfOne(5);
    const answers = await Promise.all([act(order.id, 'cancel'), act(order.id, 'cancel'), act(order.id, 'cancel')]);
    expect(answers.map(appError).sort()).toEqual([
      [200, undefined],
      [409, 'ORDER_ALREADY_CANCELED'],
      [409, 'ORDER_ALREADY_CANCELED'],
    ]);
    expect(await quantityOf(server, mug._id)).toBe(5);
    expect((await eventsOf(order.id)).map((event) => event.type)).toEqual(['order.created', 'order.canceled']);
  });

  it('refuses a fulfilled order (ORDER_FULFILLED), keeping its stock taken', async () => {
    const { mug, order } = await orderOfOne(5);
    await act(order.id, 'fulfill');
    expect(appError(await act(order.id, 'cancel'))).toEqual([409, 'ORDER_FULFILLED']);
    expect(await quantityOf(server, mug._id)).toBe(3);
  });

  it('gives units back to the variant they were taken from when variants keep their own stock', async () => {
    const merchant = merchantClient(server);
    const { product } = await merchant.products.createProduct({
      name: 'Sized tee',
      priceData: { price: 20 },
      productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
      stock: { trackInventory: true, quantity: 6 },
    } as Product);
    const id = product?._id as string;
    await merchant.products.updateProductVariants(id, [{ choices: { Size: 'S' }, quantity: 4 } as never]);
    const sizes = async () => {
      const read = await merchant.products.getProduct(id, { includeMerchantSpecificData: true });
      return read.product?.variants?.map((variant) => [variant.choices?.Size, variant.stock?.quantity]);
    };
    const medium = (await merchant.products.getProduct(id, { includeMerchantSpecificData: true })).product?.variants?.find(
      (variant) => variant.choices?.Size === 'M',
    )?._id as string;
    const order = await placedOrder(server, [{ productId: id, variantId: medium, quantity: 3 }]);
    expect(await sizes()).toEqual([
      ['S', 4],
      ['M', 3],
    ]);
    await act(order.id, 'cancel');
    expect(await sizes()).toEqual([
      ['S', 4],
      ['M', 6],
    ]);
  });

  it('gives back only what placement took: a product that tracked no stock then takes nothing back', async () => {
    const { product } = await merchantClient(server).products.createProduct({
      name: 'Untracked mug',
      priceData: { price: 10 },
      stock: { trackInventory: false, inStock: true },
    } as Product);
    const id = product?._id as string;
    const order = await placedOrder(server, [{ productId: id, quantity: 2 }]);
    await merchantClient(server).products.updateProduct(id, { stock: { trackInventory: true, quantity: 7 } } as Product);
    await act(order.id, 'cancel');
    expect(await quantityOf(server, id)).toBe(7);
  });
});

describe('merchant only, no lost updates', () => {
  it('answers 403 PERMISSION_DENIED to visitors and members and 401 without credentials, changing nothing', async () => {
    const { order } = await orderOfOne();
    const visitor = (await visitorTokens(server.url)).access_token;
    const member = (await memberTokens(server.url, server.apiKey, uniqueEmail(), 'correct horse battery staple')).access_token;
    for (const action of ['mark-as-paid', 'fulfill', 'cancel']) {
      for (const [authorization, expected] of [
        [visitor, [403, 'PERMISSION_DENIED']],
        [member, [403, 'PERMISSION_DENIED']],
        [undefined, [401, 'UNAUTHENTICATED']],
      ] as const) {
        const headers: Record<string, string> = { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) };
        // An invalid body too: the caller is checked first.
        const body = JSON.stringify({ bogus: true });
        const response = await send(`${server.url}/ecom/v1/orders/${order.id}/${action}`, { method: 'POST', headers, body });
        expect([action, ...appError(response)]).toEqual([action, ...expected]);
        expect(response.body.message).toBe(expected[0] === 403 ? 'Permission denied' : 'Unauthenticated');
      }
    }
    expect((await merchantCall(server, 'GET', `/ecom/v1/orders/${order.id}`)).body.order.updatedDate).toBe(order.updatedDate);
  });

  it('answers ORDER_NOT_FOUND (404) for an unknown order id', async () => {
    expect(appError(await act(crypto.randomUUID(), 'mark-as-paid'))).toEqual([404, 'ORDER_NOT_FOUND']);
    expect(appError(await act('10001', 'cancel'))).toEqual([404, 'ORDER_NOT_FOUND']);
  });

  it('keeps both changes when two merchants act on one order at once', async () => {
    const { order } = await orderOfOne();
    const [paid, fulfilled] = await Promise.all([act(order.id, 'mark-as-paid'), act(order.id, 'fulfill', { trackingNumber: 'T1' })]);
    expect([paid.status, fulfilled.status]).toEqual([200, 200]);
    const now = (await merchantCall(server, 'GET', `/ecom/v1/orders/${order.id}`)).body.order;
    expect(now).toMatchObject({ paymentStatus: 'PAID', fulfillmentStatus: 'FULFILLED', fulfillmentInfo: { trackingNumber: 'T1' } });
  });
});

describe('through the SDK', () => {
  it('markOrderAsPaid, fulfillOrder and cancelOrder resolve to the changed order, with dates', async () => {
    const merchant = merchantClient(server);
    const { order } = await orderOfOne();
    const paid: Order = await merchant.orders.markOrderAsPaid(order.id);
    expect(paid.paymentStatus).toBe('PAID');
    expect(paid.paidDate).toBeInstanceOf(Date);
    expect(paid._updatedDate).toEqual(paid.paidDate);
    const { order: other, mug } = await orderOfOne(4);
    const canceled = await merchant.orders.cancelOrder(other.id, { reason: 'Duplicate' });
    expect(canceled.status).toBe('CANCELED');
    expect(canceled.cancellation).toEqual({ canceledDate: expect.any(Date), reason: 'Duplicate' });
    expect(await quantityOf(server, mug._id)).toBe(4);
    const fulfilled = await merchant.orders.fulfillOrder(order.id, { trackingNumber: 'Z1', trackingUrl: 'https://t.example/Z1' });
    expect(fulfilled.fulfillmentInfo).toEqual({
      fulfilledDate: expect.any(Date),
      trackingNumber: 'Z1',
      trackingUrl: 'https://t.example/Z1',
    });
  });

  it('rejects with a VitrineError: the application error of a refusal, 403 for a shopper', async () => {
    const merchant = merchantClient(server);
    const { order } = await orderOfOne();
    await merchant.orders.cancelOrder(order.id);
    const refused = await thrown(merchant.orders.cancelOrder(order.id));
    expect(refused.status).toBe(409);
    expect(refused.details).toMatchObject({ applicationError: { code: 'ORDER_ALREADY_CANCELED' } });
    const { client: member } = await memberClient(server);
    const denied = await thrown(member.orders.markOrderAsPaid(order.id));
    expect(denied).toBeInstanceOf(VitrineError);
    expect(denied.status).toBe(403);
    expect(denied.details).toMatchObject({ applicationError: { code: 'PERMISSION_DENIED' } });
  });

  it('names the argument of a bad option in the error', async () => {
    const { order } = await orderOfOne();
    const error = await thrown(merchantClient(server).orders.fulfillOrder(order.id, { trackingUrl: 'not a url' }));
    expect(error.status).toBe(400);
    expect(error.message).toBe('INVALID_ARGUMENT: "options.trackingUrl" must be an https URL');
  });
});
