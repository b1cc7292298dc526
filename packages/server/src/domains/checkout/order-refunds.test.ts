/**
 * Refunds (#20): full or partial, by lines or by an amount, in minor units; only paid orders; the
 * refunds never exceed what was paid, also when merchants refund at the same time; the payment
 * status follows; restock gives the lines' stock back once; a provider that refunds is asked to.
 */
import { describe, expect, it } from 'vitest';
import { merchantClient, quantityOf } from '../../../test/support/checkout-fixtures.js';
import { merchantCall } from '../../../test/support/merchant-api.js';
import { appError, eventTypesOf, lastEventEntity, orderAction, twoLineOrder } from '../../../test/support/order-fixtures.js';
import { usShippingServerForFile } from '../../../test/support/server-for-file.js';
import { StockReservations } from '../catalog/stock.js';
import { UNKNOWN_IDENTITY } from '../events/event-identity.js';
import { bankTransferProvider } from './offline-providers.js';
import { OrderActions } from './order-actions.js';
import { PaymentProviderSource, type ProviderRefund } from './payments.js';

const server = usShippingServerForFile();

const refund = (id: string, body: unknown) => orderAction(server, id, 'refund', body);
const readOrder = async (id: string) => (await merchantCall(server, 'GET', `/ecom/v1/orders/${id}`)).body.order;

/** A paid order of two lines (62.50). */
async function paidOrder() {
  const placed = await twoLineOrder(server);
  await orderAction(server, placed.order.id, 'mark-as-paid');
  return placed;
}

describe('refunds', () => {
  it('refunds part of the amount (PARTIALLY_REFUNDED), then the rest (FULLY_REFUNDED), to the cent', async () => {
    const { order } = await paidOrder();
    expect(order.priceSummary.total.amount).toBe('62.50');
    const first = await refund(order.id, { amount: '7.55', reason: 'Late delivery' });
    expect(first.status).toBe(200);
    expect(first.body.order).toMatchObject({
      paymentStatus: 'PARTIALLY_REFUNDED',
      refundedTotal: { amount: '7.55', formattedAmount: '$7.55' },
      refunds: [
        { amount: { amount: '7.55' }, reason: 'Late delivery', lineItems: [], restock: false, createdDate: first.body.order.updatedDate },
      ],
    });
    expect(first.body.order.refunds[0]).not.toHaveProperty('providerRefundId');
    const rest = (await refund(order.id, { reason: 'Order lost' })).body.order;
    expect(rest.paymentStatus).toBe('FULLY_REFUNDED');
    expect(rest.refunds.map((given: { amount: { amount: string } }) => given.amount.amount)).toEqual(['7.55', '54.95']);
    expect(rest.refundedTotal.amount).toBe('62.50');
    expect(await eventTypesOf(server, order.id)).toEqual(['order.created', 'order.updated', 'order.updated', 'order.updated']);
    expect((await lastEventEntity(server, order.id)).paymentStatus).toBe('FULLY_REFUNDED');
    expect(appError(await refund(order.id, { amount: '0.01', reason: 'More' }))).toEqual([409, 'ORDER_FULLY_REFUNDED']);
  });

  it('refunds lines at their unit prices and counts the units refunded', async () => {
    const { order, teeLine } = await paidOrder();
    const refunded = (await refund(order.id, { lineItems: [{ lineItemId: teeLine, quantity: 2 }], reason: 'Wrong size' })).body.order;
    expect(refunded.refunds[0]).toMatchObject({ amount: { amount: '25.00' }, lineItems: [{ lineItemId: teeLine, quantity: 2 }] });
    expect(refunded.lineItems.map((lineItem: { refundedQuantity: number }) => lineItem.refundedQuantity)).toEqual([0, 2]);
    const tooMany = await refund(order.id, { lineItems: [{ lineItemId: teeLine, quantity: 2 }], reason: 'Again' });
    expect(appError(tooMany)).toEqual([409, 'REFUND_EXCEEDS_ORDER']);
    expect(tooMany.body.details.applicationError.data).toMatchObject({ lineItemId: teeLine, remaining: 1, requested: 2 });
  });

  it('refuses a refund beyond what was paid (REFUND_EXCEEDS_PAYMENT, 409), changing nothing', async () => {
    const { order } = await paidOrder();
    await refund(order.id, { amount: '60.00', reason: 'Goodwill' });
    const over = await refund(order.id, { amount: '2.51', reason: 'More goodwill' });
    expect(appError(over)).toEqual([409, 'REFUND_EXCEEDS_PAYMENT']);
    expect(over.body.message).toBe('Refund exceeds the payment');
    expect(over.body.details.applicationError.data).toEqual({ orderId: order.id, requested: '2.51', refundable: '2.50' });
    const now = await readOrder(order.id);
    expect(now.refundedTotal.amount).toBe('60.00');
    expect(now.paymentStatus).toBe('PARTIALLY_REFUNDED');
  });

  it('never refunds more than was paid when merchants refund at the same time', async () => {
    const { order } = await paidOrder();
    const answers = await Promise.all(Array.from({ length: 5 }, (_, i) => refund(order.id, { amount: '25.00', reason: `Parallel ${i}` })));
    expect(answers.map(appError).sort()).toEqual([
      [200, undefined],
      [200, undefined],
      [409, 'REFUND_EXCEEDS_PAYMENT'],
      [409, 'REFUND_EXCEEDS_PAYMENT'],
      [409, 'REFUND_EXCEEDS_PAYMENT'],
    ]);
    const now = await readOrder(order.id);
    expect(now.refunds).toHaveLength(2);
    expect(now.refundedTotal.amount).toBe('50.00');
  });

  it('refuses an order not paid (ORDER_NOT_PAID, 409)', async () => {
    const { order } = await twoLineOrder(server);
    const answer = await refund(order.id, { reason: 'Not paid yet' });
    expect(appError(answer)).toEqual([409, 'ORDER_NOT_PAID']);
    expect(answer.body.details.applicationError.data).toEqual({ orderId: order.id, paymentStatus: 'NOT_PAID' });
  });

  it('gives the refunded lines’ stock back with restock, and a later cancellation only the rest', async () => {
    const { order, mug, tee, teeLine } = await paidOrder();
    expect([await quantityOf(server, mug._id), await quantityOf(server, tee._id)]).toEqual([3, 3]);
    const answer = await refund(order.id, { lineItems: [{ lineItemId: teeLine, quantity: 2 }], reason: 'Returned', restock: true });
    expect(answer.body.order.refunds[0].restock).toBe(true);
    expect([await quantityOf(server, mug._id), await quantityOf(server, tee._id)]).toEqual([3, 5]);
    await refund(order.id, { lineItems: [{ lineItemId: teeLine, quantity: 1 }], reason: 'Kept', restock: false });
    expect(await quantityOf(server, tee._id)).toBe(5);
    await orderAction(server, order.id, 'cancel');
    expect([await quantityOf(server, mug._id), await quantityOf(server, tee._id)]).toEqual([5, 6]);
  });

  it('refuses to restock a canceled order, whose stock went back when it was canceled (STOCK_ALREADY_RETURNED)', async () => {
    const { order, tee, teeLine } = await paidOrder();
    await orderAction(server, order.id, 'cancel');
    const answer = await refund(order.id, { lineItems: [{ lineItemId: teeLine, quantity: 1 }], reason: 'Returned', restock: true });
    expect(appError(answer)).toEqual([409, 'STOCK_ALREADY_RETURNED']);
    expect(await quantityOf(server, tee._id)).toBe(6);
    // the money of a canceled paid order can still go back
    expect((await refund(order.id, { reason: 'Canceled' })).body.order.paymentStatus).toBe('FULLY_REFUNDED');
  });

  it.each([
    [{ amount: '1.00' }, 'reason', 'is required'],
    [{ amount: '1.005', reason: 'x' }, 'amount', 'has more decimals than USD has (2)'],
    [{ amount: '-1', reason: 'x' }, 'amount', 'must be a positive decimal amount, such as 12.50'],
    [{ amount: '0.00', reason: 'x' }, 'amount', 'comes to nothing: a refund is more than 0'],
    [
      { amount: '1.00', reason: 'x', restock: true },
      'restock',
      'gives back the stock of refunded lines: name the lineItems refunded with the amount',
    ],
  ])('refuses the body %j naming %s, changing nothing', async (body, field, description) => {
    const { order } = await paidOrder();
    const answer = await refund(order.id, body);
    expect(answer.status).toBe(400);
    expect(answer.body.details.validationError.fieldViolations).toEqual([expect.objectContaining({ field, description })]);
    expect((await readOrder(order.id)).refunds).toEqual([]);
  });
});

/** The shop's providers with bank transfer paying back as a card provider does (listed first, so it is found first): what it was asked. */
function refundingProviders() {
  const asked: ProviderRefund[] = [];
  const refund = async (request: ProviderRefund) => {
    asked.push(request);
    return { refundId: `re_${asked.length}` };
  };
  return {
    asked,
    payments: new PaymentProviderSource(server.services.settings, [
      (paymentSettings) => ({ ...bankTransferProvider(paymentSettings.bankTransfer), refund }),
    ]),
  };
}

describe('refunds through a provider that refunds', () => {
  it('asks the order’s provider for the amount in minor units, with one idempotency key per refund, and keeps its id', async () => {
    const { order } = await paidOrder();
    const provider = refundingProviders();
    const actions = new OrderActions({
      db: server.database.db,
      stock: new StockReservations({ events: server.services.events, view: { publicUrl: server.url } }),
      events: server.services.events,
      price: server.services.checkout.price,
      payments: provider.payments,
      mails: server.services.checkout.mailing.mails,
    });
    await actions.refund(order.id, { amount: '12.34', reason: 'Damaged' }, UNKNOWN_IDENTITY);
    const done = await actions.refund(order.id, { reason: 'Returned' }, UNKNOWN_IDENTITY);
    expect(provider.asked).toEqual([
      { orderId: order.id, paymentReference: null, amount: 1234n, currency: 'USD', idempotencyKey: done.refunds[0].id, reason: 'Damaged' },
      { orderId: order.id, paymentReference: null, amount: 5016n, currency: 'USD', idempotencyKey: done.refunds[1].id, reason: 'Returned' },
    ]);
    expect(done.refunds.map((given) => given.providerRefundId)).toEqual(['re_1', 're_2']);
  });
});

describe('refunds through the SDK', () => {
  it('refundOrder resolves to the order with its refunds; a refusal is a VitrineError with the code', async () => {
    const { order, mugLine } = await paidOrder();
    const orders = merchantClient(server).orders;
    const refunded = await orders.refundOrder(order.id, {
      lineItems: [{ lineItemId: mugLine, quantity: 1 }],
      reason: 'Chipped',
      restock: true,
    });
    expect(refunded.paymentStatus).toBe('PARTIALLY_REFUNDED');
    expect(refunded.refunds?.[0]).toMatchObject({ _id: expect.any(String), _createdDate: expect.any(Date), amount: { amount: '10.00' } });
    await expect(orders.refundOrder(order.id, { amount: '100', reason: 'Too much' })).rejects.toMatchObject({
      status: 409,
      details: { applicationError: { code: 'REFUND_EXCEEDS_PAYMENT' } },
    });
  });
});
