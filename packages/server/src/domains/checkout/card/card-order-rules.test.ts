/**
 * Card orders after the payment (#20): a PENDING order that Stripe's webhook makes PAID goes the
 * merchant's "mark as paid" way (event, timeline, mail) exactly once; PaymentIntents a checkout no
 * longer pays by are cancelled at Stripe; amounts in Stripe's unit for a currency it counts otherwise.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPayStep as payStepOf, postEvent, readyCheckout, returnFromStripe, shopIn } from '../../../../test/support/card-checkout.js';
import { hostedFormFields, lineOf, quotedPage, usShipping } from '../../../../test/support/checkout-fixtures.js';
import { FormClient } from '../../../../test/support/form-client.js';
import { uniqueEmail } from '../../../../test/support/mailbox.js';
import { merchantCall } from '../../../../test/support/merchant-api.js';
import { StripeStub } from '../../../../test/support/stripe-stub.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

let stub: StripeStub;
let server: TestServer;
const logLines: string[] = [];
beforeAll(async () => {
  stub = await StripeStub.start();
  server = await startTestServer({ ...stub.env(), LOG_LEVEL: 'warn' }, { logStream: { write: (line) => void logLines.push(line) } });
  await usShipping(server);
});
afterAll(async () => {
  await server?.close();
  await stub?.close();
});

const openPayStep = (checkoutId: string) => payStepOf(server, stub, checkoutId);
const db = () => server.database.db;

const orderOf = (checkoutId: string) =>
  db()
    .selectFrom('orders')
    .select(['id', 'payment_status', 'payment_reference'])
    .where('checkout_id', '=', checkoutId)
    .executeTakeFirstOrThrow();

/** What the order published, recorded and mailed: its events, its timeline's PAID entries, its queued mails' kinds. */
async function publishedAbout(orderId: string) {
  const events = await db()
    .selectFrom('events')
    .select(['type', 'payload', 'identity'])
    .where('entity_id', '=', orderId)
    .orderBy('sequence')
    .execute();
  const paid = await db()
    .selectFrom('order_activities')
    .select(['who', 'detail'])
    .where('order_id', '=', orderId)
    .where('kind', '=', 'PAID')
    .execute();
  const mails = await db().selectFrom('mail_outbox').select('kind').where('subject_id', '=', orderId).orderBy('created_at').execute();
  return {
    events: events.map((event) => ({
      type: event.type,
      paymentStatus: (event.payload as { entity: { paymentStatus: string } }).entity.paymentStatus,
      identity: event.identity,
    })),
    paid,
    mails: mails.map((mail) => mail.kind),
  };
}

const canceledDate = async (intentId: string) =>
  (await db().selectFrom('card_payment_intents').select('canceled_date').where('intent_id', '=', intentId).executeTakeFirstOrThrow())
    .canceled_date;

describe('a card order paid after it was placed PENDING (#20)', () => {
  it('publishes order.updated, records PAID by the system and mails "payment received", once, however Stripe repeats or reorders its events', async () => {
    const { checkoutId } = await readyCheckout(server);
    const { intent } = await openPayStep(checkoutId);
    stub.succeed(intent.id, 'processing');
    await returnFromStripe(server, checkoutId, intent);
    const pending = await orderOf(checkoutId);
    expect(pending.payment_status).toBe('PENDING');

    stub.succeed(intent.id);
    const succeeded = stub.event('payment_intent.succeeded', intent);
    expect((await postEvent(server, succeeded)).status).toBe(200);
    // The same event again, Stripe's second delivery of the news under a new event id, the buyer's
    // return, and a late `processing` event: none changes anything more.
    await postEvent(server, succeeded);
    await postEvent(server, stub.event('payment_intent.succeeded', intent));
    await returnFromStripe(server, checkoutId, intent);
    await postEvent(server, stub.event('payment_intent.processing', { ...intent, status: 'processing' }));

    expect(await orderOf(checkoutId)).toMatchObject({ payment_status: 'PAID', payment_reference: intent.id });
    const published = await publishedAbout(pending.id);
    expect(published.events.map((event) => [event.type, event.paymentStatus])).toEqual([
      ['order.created', 'PENDING'],
      ['order.updated', 'PAID'],
    ]);
    expect(published.events[1].identity).toEqual({ identityType: 'UNKNOWN' });
    expect(published.paid).toEqual([{ who: { identityType: 'UNKNOWN' }, detail: { from: 'PENDING', paymentReference: intent.id } }]);
    expect(published.mails.filter((kind) => kind === 'payment-received')).toHaveLength(1);
  });

  it('refunds in full a payment that succeeds after the merchant cancelled its PENDING order', async () => {
    const { checkoutId } = await readyCheckout(server);
    const { intent } = await openPayStep(checkoutId);
    stub.succeed(intent.id, 'processing');
    await returnFromStripe(server, checkoutId, intent);
    const { id } = await orderOf(checkoutId);
    expect((await merchantCall(server, 'POST', `/ecom/v1/orders/${id}/cancel`, { reason: 'Changed mind' })).status).toBe(200);
    stub.succeed(intent.id);
    await postEvent(server, stub.event('payment_intent.succeeded', intent));
    await postEvent(server, stub.event('payment_intent.succeeded', intent));
    expect(stub.refunds.filter((refund) => refund.payment_intent === intent.id)).toMatchObject([{ amount: intent.amount }]);
    expect((await publishedAbout(id)).paid).toEqual([]);
  });
});

describe('PaymentIntents a checkout no longer pays by (#20)', () => {
  it('cancels the intent a changed total replaced, and gives the old total a new intent when it comes back', async () => {
    const { checkoutId, product, shop } = await readyCheckout(server);
    const first = await openPayStep(checkoutId);
    const { cart } = await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(product._id, 1)] });
    const second = await openPayStep(checkoutId);
    expect(stub.intent(first.intent.id)).toMatchObject({ status: 'canceled', cancellation_reason: 'duplicate' });
    expect(await canceledDate(first.intent.id)).toBeInstanceOf(Date);
    expect(stub.intent(second.intent.id).status).toBe('requires_payment_method');

    // Back to the first total: its intent is cancelled, so the buyer gets a new one to pay, and the second goes.
    await shop.currentCart.updateCurrentCartLineItemQuantity([{ _id: cart?.lineItems?.[0]?._id as string, quantity: 2 }]);
    const third = await openPayStep(checkoutId);
    expect(third.intent.id).not.toBe(first.intent.id);
    expect(third.intent).toMatchObject({ amount: first.intent.amount, status: 'requires_payment_method' });
    expect(stub.intent(second.intent.id).status).toBe('canceled');
    // A reload of the same total keeps it.
    expect((await openPayStep(checkoutId)).intent.id).toBe(third.intent.id);
  });

  it('logs a cancellation Stripe fails with its evidence, shows the pay step anyway, and cancels it once the order is paid', async () => {
    const { checkoutId, product, shop } = await readyCheckout(server);
    const first = await openPayStep(checkoutId);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(product._id, 1)] });
    stub.cancelFails = true;
    let second: Awaited<ReturnType<typeof openPayStep>>;
    try {
      second = await openPayStep(checkoutId);
    } finally {
      stub.cancelFails = false;
    }
    expect(stub.intent(first.intent.id).status).toBe('requires_payment_method');
    const warning = logLines.map((line) => JSON.parse(line)).find((entry) => entry.intentId === first.intent.id);
    expect(warning).toMatchObject({
      msg: 'replaced card payment not cancelled',
      checkoutId,
      stripeType: 'StripeAPIError',
      stripeStatus: 500,
      reason: 'An unknown error occurred while cancelling',
    });

    stub.succeed(second.intent.id);
    expect((await returnFromStripe(server, checkoutId, second.intent)).status).toBe(303);
    expect(stub.intent(first.intent.id).status).toBe('canceled');
    expect(stub.intent(second.intent.id).status).toBe('succeeded');
  });

  it('cancels the intents of a checkout ordered by bank transfer', async () => {
    const { checkoutId, shop } = await readyCheckout(server);
    const { intent } = await openPayStep(checkoutId);
    const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId } });
    const browser = new FormClient(server.url);
    const fields = { ...hostedFormFields(uniqueEmail('card')), paymentMethod: 'bank-transfer' };
    const quoted = await quotedPage(browser, await browser.get(redirectSession?.fullUrl as string), fields);
    expect((await browser.submit(quoted.form('/place'), fields)).status).toBe(303);
    expect(await orderOf(checkoutId)).toMatchObject({ payment_status: 'NOT_PAID' });
    expect(stub.intent(intent.id).status).toBe('canceled');
  });

  it('never cancels an intent that succeeded, and refunds it in full when another intent paid the order', async () => {
    const { checkoutId, product, shop } = await readyCheckout(server);
    const first = await openPayStep(checkoutId);
    stub.succeed(first.intent.id); // paid in one tab, its webhook not there yet
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(product._id, 1)] });
    const second = await openPayStep(checkoutId);
    expect(stub.intent(first.intent.id).status).toBe('succeeded');
    expect(await canceledDate(first.intent.id)).toBeNull();

    stub.succeed(second.intent.id);
    await returnFromStripe(server, checkoutId, second.intent);
    expect(stub.intent(first.intent.id).status).toBe('succeeded');
    await postEvent(server, stub.event('payment_intent.succeeded', first.intent));
    expect(stub.refunds.filter((refund) => refund.payment_intent === first.intent.id)).toMatchObject([{ amount: first.intent.amount }]);
    expect(await orderOf(checkoutId)).toMatchObject({ payment_status: 'PAID', payment_reference: second.intent.id });
  });
});

describe('amounts in Stripe’s unit (#20)', () => {
  it('charges and refunds HUF in two decimals, as Stripe counts it, though forints are shown whole', async () => {
    const forint = await shopIn(stub, 'HUF');
    try {
      const { checkoutId } = await readyCheckout(forint, { price: 1200, quantity: 1 });
      const { intent } = await payStepOf(forint, stub, checkoutId);
      expect(intent).toMatchObject({ amount: 170000, currency: 'huf' });
      stub.succeed(intent.id);
      await returnFromStripe(forint, checkoutId, intent);
      const { id } = await forint.database.db
        .selectFrom('orders')
        .select('id')
        .where('checkout_id', '=', checkoutId)
        .executeTakeFirstOrThrow();
      expect((await merchantCall(forint, 'POST', `/ecom/v1/orders/${id}/refund`, { amount: '200', reason: 'Late' })).status).toBe(200);
      expect(stub.refunds.filter((refund) => refund.payment_intent === intent.id)).toMatchObject([{ amount: 20000, currency: 'huf' }]);
    } finally {
      await forint.close();
    }
  });
});
