import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  openPayStep as payStepOf,
  postEvent,
  readyCheckout,
  returnFromStripe,
  shopIn,
  shownTotals,
} from '../../../../test/support/card-checkout.js';
import {
  hostedFormFields,
  lineOf,
  placedOrder,
  quotedPage,
  usShipping,
  type visitorClient,
} from '../../../../test/support/checkout-fixtures.js';
import { FormClient } from '../../../../test/support/form-client.js';
import { uniqueEmail } from '../../../../test/support/mailbox.js';
import { merchantCall } from '../../../../test/support/merchant-api.js';
import { eventTypesOf } from '../../../../test/support/order-fixtures.js';
import { STUB_KEYS, StripeStub } from '../../../../test/support/stripe-stub.js';
import { startTestServer, type TestServer } from '../../../../test/support/test-server.js';

let stub: StripeStub;
let server: TestServer;
beforeAll(async () => {
  stub = await StripeStub.start();
  server = await startTestServer(stub.env());
  await usShipping(server);
});
afterAll(async () => {
  await server?.close();
  await stub?.close();
});

const openPayStep = (target: TestServer, checkoutId: string) => payStepOf(target, stub, checkoutId);

const orderRow = (target: TestServer, checkoutId: string) =>
  target.database.db
    .selectFrom('orders')
    .select(['id', 'payment_status', 'payment_method', 'payment_reference', 'paid_date', 'updated_date'])
    .where('checkout_id', '=', checkoutId)
    .executeTakeFirst();

describe('card payments through Stripe (#20)', () => {
  it('makes a PaymentIntent in minor units with the checkout in its metadata, and only the publishable key reaches the page', async () => {
    const { checkoutId } = await readyCheckout(server);
    const { html, intent, page } = await openPayStep(server, checkoutId);
    expect(intent).toMatchObject({ amount: 2100, currency: 'usd', metadata: { checkout_id: checkoutId } });
    expect(html).toContain('data-publishable-key="pk_test_vitrine"');
    expect(html).not.toContain('sk_test_vitrine');
    expect(html).not.toContain('whsec_vitrine');
    expect(html).toContain(`<script src="${stub.url}/js/v3/">`);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(new RegExp(`script-src 'nonce-[^']+' ${stub.url}(;|$)`));
    expect(csp).toContain(`frame-src ${stub.url}`);
    expect(csp).toContain(`connect-src ${stub.url}`);
  });

  it('does not offer Card when there is nothing to charge', async () => {
    const { checkoutId, shop } = await readyCheckout(server, { price: 0, shipping: 'pickup' });
    const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId } });
    const html = await (await fetch(redirectSession?.fullUrl as string)).text();
    expect(html).toContain('value="bank-transfer"');
    expect(html).not.toContain('value="card"');
  });

  it('allows Stripe’s origins on the pay step only, not on the checkout page', async () => {
    const { checkoutId, shop } = await readyCheckout(server);
    const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId } });
    const checkoutPage = await fetch(redirectSession?.fullUrl as string);
    await checkoutPage.text();
    expect(checkoutPage.headers.get('content-security-policy')).not.toContain(stub.url);
  });

  it('keeps the client secret and the server’s keys out of the request log', async () => {
    const lines: string[] = [];
    const logged = await startTestServer({ ...stub.env(), LOG_LEVEL: 'debug' }, { logStream: { write: (line) => void lines.push(line) } });
    try {
      await usShipping(logged);
      const { checkoutId } = await readyCheckout(logged);
      const { intent } = await openPayStep(logged, checkoutId);
      stub.succeed(intent.id);
      expect((await returnFromStripe(logged, checkoutId, intent)).status).toBe(303);
      const log = lines.join('');
      expect(log).toContain('card-return?payment_intent=');
      for (const secret of [intent.client_secret, 'sk_test_vitrine', 'whsec_vitrine']) expect(log).not.toContain(secret);
    } finally {
      await logged.close();
    }
  });

  it('tells the buyer card payments are unavailable when Stripe fails, and charges nothing', async () => {
    const { checkoutId } = await readyCheckout(server);
    stub.unavailable = true;
    try {
      const page = await fetch(`${server.url}/checkout/${checkoutId}/pay?totals=${await shownTotals(server, checkoutId)}`);
      expect(page.status).toBe(503);
      expect(await page.text()).toContain('Card payments are unavailable right now');
    } finally {
      stub.unavailable = false;
    }
    expect(await orderRow(server, checkoutId)).toBeUndefined();
  });

  it('asks the buyer back from Stripe to reload when Stripe cannot confirm the payment, and places the order then', async () => {
    const { checkoutId } = await readyCheckout(server);
    const { intent } = await openPayStep(server, checkoutId);
    stub.succeed(intent.id);
    stub.unavailable = true;
    try {
      const back = await returnFromStripe(server, checkoutId, intent);
      expect(back.status).toBe(503);
      expect(await back.text()).toContain('We could not confirm your payment yet');
    } finally {
      stub.unavailable = false;
    }
    expect((await returnFromStripe(server, checkoutId, intent)).status).toBe(303);
    expect(await orderRow(server, checkoutId)).toMatchObject({ payment_status: 'PAID' });
  });

  it('answers the same intent for a repeated request and a new one when the total changed', async () => {
    const { checkoutId, product, shop } = await readyCheckout(server);
    const first = await openPayStep(server, checkoutId);
    const again = await openPayStep(server, checkoutId);
    expect(again.intent.id).toBe(first.intent.id);
    const creates = stub.requests.filter((request) => request.path === '/v1/payment_intents' && request.params.metadata);
    const keys = creates
      .filter((call) => (call.params.metadata as Record<string, string>).checkout_id === checkoutId)
      .map((call) => call.idempotencyKey);
    expect(keys).toHaveLength(2);
    expect(keys[0]).toBe(keys[1]);

    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(product._id, 1)] });
    const changed = await openPayStep(server, checkoutId);
    expect(changed.intent.id).not.toBe(first.intent.id);
    expect(changed.intent.amount).toBe(2900);
  });

  it('charges a zero-decimal currency in its whole units (JPY)', async () => {
    const yen = await shopIn(stub, 'JPY');
    try {
      const { checkoutId } = await readyCheckout(yen, { price: 1200, quantity: 1 });
      const { intent } = await openPayStep(yen, checkoutId);
      expect(intent).toMatchObject({ amount: 1700, currency: 'jpy' });
    } finally {
      await yen.close();
    }
  });

  it('sends a buyer who chose Card from the checkout page to the pay step', async () => {
    const { checkoutId, shop } = await readyCheckout(server);
    const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId } });
    const browser = new FormClient(server.url);
    const fields = { ...hostedFormFields(uniqueEmail('card')), paymentMethod: 'card' };
    const quoted = await quotedPage(browser, await browser.get(redirectSession?.fullUrl as string), fields);
    expect(quoted.html).toContain('value="card"');
    const placed = await browser.submit(quoted.form('/place'), fields);
    expect(placed.status).toBe(303);
    expect(placed.location?.pathname).toBe(`/checkout/${checkoutId}/pay`);
    expect(await orderRow(server, checkoutId)).toBeUndefined();
  });

  it('places the order PAID when the buyer returns from a succeeded payment, with the intent on the order', async () => {
    const { checkoutId } = await readyCheckout(server);
    const { intent } = await openPayStep(server, checkoutId);
    const early = await returnFromStripe(server, checkoutId, intent);
    expect(early.headers.get('location')).toContain(`/checkout/${checkoutId}/pay`);
    expect(await orderRow(server, checkoutId)).toBeUndefined();

    stub.succeed(intent.id);
    const back = await returnFromStripe(server, checkoutId, intent);
    expect(back.status).toBe(303);
    expect(back.headers.get('location')).toBe(`${server.url}/checkout/${checkoutId}/complete`);
    expect(await orderRow(server, checkoutId)).toMatchObject({
      payment_status: 'PAID',
      payment_method: 'card',
      payment_reference: intent.id,
    });
  });

  it('places the order PENDING for a processing payment and PAID once Stripe says it succeeded', async () => {
    const { checkoutId } = await readyCheckout(server);
    const { intent } = await openPayStep(server, checkoutId);
    stub.succeed(intent.id, 'processing');
    expect((await returnFromStripe(server, checkoutId, intent)).status).toBe(303);
    expect(await orderRow(server, checkoutId)).toMatchObject({ payment_status: 'PENDING', paid_date: null });
    stub.succeed(intent.id);
    expect((await postEvent(server, stub.event('payment_intent.succeeded', intent))).status).toBe(200);
    expect(await orderRow(server, checkoutId)).toMatchObject({ payment_status: 'PAID', payment_reference: intent.id });
  });

  it('mails "payment received", records it and publishes order.updated when a processing payment succeeds later (#20)', async () => {
    const { checkoutId } = await readyCheckout(server);
    const { intent } = await openPayStep(server, checkoutId);
    stub.succeed(intent.id, 'processing');
    expect((await returnFromStripe(server, checkoutId, intent)).status).toBe(303);
    const { id } = (await orderRow(server, checkoutId)) as { id: string };
    stub.succeed(intent.id);
    expect((await postEvent(server, stub.event('payment_intent.succeeded', intent))).status).toBe(200);
    const mails = await server.database.db
      .selectFrom('mail_outbox')
      .select('kind')
      .where('subject_id', '=', id)
      .orderBy('created_at')
      .execute();
    expect(mails.map((mail) => mail.kind)).toEqual(['order-received', 'payment-received']);
    expect(await eventTypesOf(server, id)).toEqual(['order.created', 'order.updated']);
    const kinds = await server.database.db.selectFrom('order_activities').select('kind').where('order_id', '=', id).execute();
    expect(kinds.map((activity) => activity.kind)).toContain('PAID');
    // the same event again changes nothing twice
    expect((await postEvent(server, stub.event('payment_intent.succeeded', intent))).status).toBe(200);
    expect(await eventTypesOf(server, id)).toEqual(['order.created', 'order.updated']);
  });

  it('places the order from the webhook when the buyer never came back, and a replayed event changes nothing', async () => {
    const { checkoutId } = await readyCheckout(server);
    const { intent } = await openPayStep(server, checkoutId);
    stub.succeed(intent.id);
    const event = stub.event('payment_intent.succeeded', intent);
    const first = await postEvent(server, event);
    expect(await first.json()).toEqual({ received: true, duplicate: false });
    const placed = await orderRow(server, checkoutId);
    expect(placed).toMatchObject({ payment_status: 'PAID', payment_reference: intent.id });

    const replay = await postEvent(server, event);
    expect(await replay.json()).toEqual({ received: true, duplicate: true });
    // A late failure of an earlier attempt, and the buyer's return, leave the order as it was.
    expect(
      (await postEvent(server, stub.event('payment_intent.payment_failed', { ...intent, status: 'requires_payment_method' }))).status,
    ).toBe(200);
    expect((await returnFromStripe(server, checkoutId, intent)).status).toBe(303);
    expect(await orderRow(server, checkoutId)).toEqual(placed);
    const orders = await server.database.db.selectFrom('orders').select('id').where('checkout_id', '=', checkoutId).execute();
    expect(orders).toHaveLength(1);
  });

  it('shows on the pay step why Stripe’s webhook said the payment failed', async () => {
    const { checkoutId } = await readyCheckout(server);
    const { intent } = await openPayStep(server, checkoutId);
    const declined = stub.decline(intent.id);
    expect((await postEvent(server, stub.event('payment_intent.payment_failed', declined))).status).toBe(200);
    const again = await openPayStep(server, checkoutId);
    expect(again.intent.id).toBe(intent.id);
    expect(again.html).toMatch(/role="alert"[^>]*>Your card was declined\.</);
    expect(await orderRow(server, checkoutId)).toBeUndefined();
  });

  it('refuses an event with a bad signature in the spec’s error format and changes nothing', async () => {
    const { checkoutId } = await readyCheckout(server);
    const { intent } = await openPayStep(server, checkoutId);
    stub.succeed(intent.id);
    const forged = stub.event('payment_intent.succeeded', intent, 'whsec_not_the_endpoints');
    const answer = await postEvent(server, forged);
    expect(answer.status).toBe(400);
    expect(await answer.json()).toMatchObject({
      message: 'Invalid signature',
      details: { applicationError: { code: 'STRIPE_SIGNATURE_INVALID' } },
    });
    const unsigned = await fetch(`${server.url}/payments/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(unsigned.status).toBe(400);
    expect(await orderRow(server, checkoutId)).toBeUndefined();
    const recorded = await server.database.db
      .selectFrom('stripe_events')
      .select('event_id')
      .where('event_id', '=', JSON.parse(forged.body).id)
      .execute();
    expect(recorded).toEqual([]);
  });

  it('refunds the payment at once when the order cannot be placed after the money was taken (stock ran out)', async () => {
    const { checkoutId, product } = await readyCheckout(server, { quantity: 1, stock: 1 });
    const { intent } = await openPayStep(server, checkoutId);
    await placedOrder(server, [{ productId: product._id }]);
    stub.succeed(intent.id);
    const back = await returnFromStripe(server, checkoutId, intent);
    expect(back.status).toBe(409);
    expect(await back.text()).toMatch(/left\)\. Your card payment of \$13\.00 has been refunded in full\./);
    expect(stub.refunds.filter((refund) => refund.payment_intent === intent.id)).toMatchObject([{ amount: 1300 }]);
    expect(await orderRow(server, checkoutId)).toBeUndefined();
    // The webhook of the same payment refunds nothing twice.
    await postEvent(server, stub.event('payment_intent.succeeded', intent));
    expect(stub.refunds.filter((refund) => refund.payment_intent === intent.id)).toHaveLength(1);
  });

  it('refunds a second payment of a checkout already ordered with the first', async () => {
    const { checkoutId, shop, product } = await readyCheckout(server);
    const first = await openPayStep(server, checkoutId);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(product._id, 1)] });
    const second = await openPayStep(server, checkoutId);
    stub.succeed(second.intent.id);
    expect((await returnFromStripe(server, checkoutId, second.intent)).status).toBe(303);
    stub.succeed(first.intent.id);
    const late = await postEvent(server, stub.event('payment_intent.succeeded', first.intent));
    expect(late.status).toBe(200);
    expect(stub.refunds.filter((refund) => refund.payment_intent === first.intent.id)).toMatchObject([{ amount: 2100 }]);
    expect(stub.refunds.filter((refund) => refund.payment_intent === second.intent.id)).toEqual([]);
    expect(await orderRow(server, checkoutId)).toMatchObject({ payment_status: 'PAID', payment_reference: second.intent.id });
  });

  it("refunds part of a card order through Stripe when the merchant refunds it, keeping Stripe's refund id", async () => {
    const { checkoutId } = await readyCheckout(server);
    const { intent } = await openPayStep(server, checkoutId);
    stub.succeed(intent.id);
    await returnFromStripe(server, checkoutId, intent);
    const id = (await orderRow(server, checkoutId))?.id;
    const refunded = await merchantCall(server, 'POST', `/ecom/v1/orders/${id}/refund`, { amount: '5.00', reason: 'Mug arrived chipped' });
    expect(refunded.status).toBe(200);
    expect(refunded.body.order).toMatchObject({
      paymentStatus: 'PARTIALLY_REFUNDED',
      refunds: [{ providerRefundId: expect.stringMatching(/^re_/) }],
    });
    expect(stub.refunds.filter((refund) => refund.payment_intent === intent.id)).toMatchObject([
      { amount: 500, currency: 'usd', reason: 'requested_by_customer', metadata: { reason: 'Mug arrived chipped' } },
    ]);
  });

  it('refunds once per idempotency key', async () => {
    const { checkoutId } = await readyCheckout(server);
    const { intent } = await openPayStep(server, checkoutId);
    stub.succeed(intent.id);
    await returnFromStripe(server, checkoutId, intent);
    const provider = (await server.services.checkout.payments.providers()).find('card');
    const request = {
      orderId: 'order-1',
      paymentReference: intent.id,
      amount: 500n,
      currency: 'USD',
      idempotencyKey: `refund-${checkoutId}-1`,
      reason: 'Mug arrived chipped',
    };
    const first = await provider?.refund?.(request);
    const again = await provider?.refund?.(request);
    expect(first?.refundId).toMatch(/^re_/);
    expect(again).toEqual(first);
    expect(stub.refunds.filter((refund) => refund.payment_intent === intent.id)).toHaveLength(1);
  });
});

describe('card payments set up in the shop settings (#20)', () => {
  let shop: TestServer;
  beforeAll(async () => {
    // Stripe's endpoints (the stub) but no keys in the environment: the merchant enters them.
    const { STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET, ...endpoints } = stub.env();
    shop = await startTestServer(endpoints);
    await usShipping(shop);
  });
  afterAll(() => shop?.close());

  const settings = (body: unknown) => merchantCall(shop, 'PATCH', '/_api/vitrine/v1/shop-settings', body);

  /** The ways to pay the checkout page offers, in its order. */
  async function offeredMethods(checkoutId: string, client: ReturnType<typeof visitorClient>): Promise<string[]> {
    const { redirectSession } = await client.redirects.createRedirectSession({ ecomCheckout: { checkoutId } });
    const html = await (await fetch(redirectSession?.fullUrl as string)).text();
    return [...html.matchAll(/name="paymentMethod"[^>]*value="([^"]+)"|value="([^"]+)"[^>]*name="paymentMethod"/g)].map(
      (match) => match[1] ?? match[2],
    );
  }

  it('offers Card first once the merchant enters the keys and turns it on, and charges with those keys, without a restart', async () => {
    const { checkoutId, shop: client } = await readyCheckout(shop);
    expect(await offeredMethods(checkoutId, client)).toEqual(['bank-transfer']);
    const answer = await settings({ payments: { card: { enabled: true, ...STUB_KEYS } } });
    expect(answer.status).toBe(200);
    expect(await offeredMethods(checkoutId, client)).toEqual(['card', 'bank-transfer']);
    // The stub accepts only STUB_KEYS.secretKey: the intent exists, so the settings' key made it.
    const { html, intent } = await openPayStep(shop, checkoutId);
    expect(html).toContain(STUB_KEYS.publishableKey);
    expect(intent).toMatchObject({ currency: 'usd', metadata: { checkout_id: checkoutId } });
  });

  it('stops offering Card at once when the merchant turns it off, and the pay step charges nothing then', async () => {
    await settings({ payments: { card: { enabled: true, ...STUB_KEYS } } });
    const { checkoutId, shop: client } = await readyCheckout(shop);
    await settings({ payments: { card: { enabled: false } } });
    expect(await offeredMethods(checkoutId, client)).toEqual(['bank-transfer']);
    const intentsBefore = stub.intents.size;
    const pay = await fetch(`${shop.url}/checkout/${checkoutId}/pay?totals=${await shownTotals(shop, checkoutId)}`, { redirect: 'manual' });
    expect(pay.status).toBe(303);
    expect(stub.intents.size).toBe(intentsBefore);
  });

  it('takes STRIPE_* of the first start as the card settings, turned on', async () => {
    const card = (await merchantCall(server, 'GET', '/_api/vitrine/v1/shop-settings')).body.settings.payments.card;
    expect(card).toEqual({ enabled: true, publishableKey: STUB_KEYS.publishableKey, secretKeySet: true, webhookSecretSet: true });
  });
});
