import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { lineOf, stockedProduct, usShipping, visitorClient } from '../support/checkout-fixtures.js';
import { fillHostedAddress } from '../support/hosted-checkout-page.js';
import { uniqueEmail } from '../support/mailbox.js';
import { StripeStub } from '../support/stripe-stub.js';
import { startTestServer, type TestServer } from '../support/test-server.js';

let stub: StripeStub;
let server: TestServer;
let chromium: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  stub = await StripeStub.start();
  server = await startTestServer(stub.env());
  await usShipping(server);
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
  await server?.close();
  await stub?.close();
});

describe('card payment on the hosted checkout in Chromium (#20)', () => {
  it('pays by card through the Payment Element, shows a declined card, and lands on the confirmation with the order PAID', async () => {
    const mug = await stockedProduct(server, { name: 'Card mug', price: 8, quantity: 4 });
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id, 2)] });
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
    const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId: checkoutId as string } });

    const page = await chromium.browser.newPage();
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await page.goto(redirectSession?.fullUrl as string);
    await fillHostedAddress(page, uniqueEmail('card-chromium'));
    await page.getByLabel(/Standard shipping/).check();
    await page.waitForFunction(() => document.querySelector('[data-testid="order-total"]')?.textContent === '$21.00');
    await page.getByLabel(/^Card/).check();
    await Promise.all([page.waitForURL(/\/pay\?/), page.getByRole('button', { name: 'Place order' }).click()]);

    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Pay by card');
    await page.getByTestId('stripe-payment-element').waitFor();
    stub.declineNext = true;
    await page.getByRole('button', { name: 'Pay $21.00' }).click();
    await expect(page.getByRole('alert').textContent()).resolves.toBe('Your card was declined.');

    await Promise.all([page.waitForURL(/\/complete/), page.getByRole('button', { name: 'Pay $21.00' }).click()]);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Thank you for your order');
    // Paid on the spot: the confirmation asks for nothing more (the order-status rule of #20).
    await expect(page.getByRole('heading', { name: 'Payment: Card' }).count()).resolves.toBe(1);
    await expect(page.getByTestId('payment-state').textContent()).resolves.toBe('Paid. Thank you.');
    const order = await server.database.db
      .selectFrom('orders')
      .select(['payment_status', 'payment_method', 'payment_reference'])
      .where('checkout_id', '=', checkoutId as string)
      .executeTakeFirstOrThrow();
    expect(order).toMatchObject({ payment_status: 'PAID', payment_method: 'card' });
    expect(stub.intent(order.payment_reference as string)).toMatchObject({ status: 'succeeded', amount: 2100 });
    expect(cspErrors).toEqual([]);
    await page.close();
  });
});
