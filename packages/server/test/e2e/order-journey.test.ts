/**
 * Issue #20 end to end in Chromium, as a shopper and a merchant live it: a guest pays two products by
 * card on the hosted checkout against the local Stripe stub, Stripe's signed webhook arrives, the
 * e-mails reach the dev mailbox, the buyer follows the e-mail's link to the order-status page, the
 * merchant ships the order in two parcels and refunds part of it in the console, and the status page
 * and the mails follow each step. Screenshots of every step on a desktop and a 390×844 phone.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SignedInConsole, signedInConsole } from '../../../../apps/console/test/console-session.js';
import { launchChromium } from '../support/browser.js';
import { lineOf, stockedProduct, usShipping, visitorClient } from '../support/checkout-fixtures.js';
import { fillHostedAddress } from '../support/hosted-checkout-page.js';
import { type DevMail, linksOf, mailsTo, mailWithSubject, uniqueEmail } from '../support/mailbox.js';
import { deliverStripeEvent, StripeStub } from '../support/stripe-stub.js';
import type { TestServer } from '../support/test-server.js';

const SHOP = 'Corner Shop';

let stub: StripeStub;
let merchant: SignedInConsole;
let server: TestServer;
let shopper: Awaited<ReturnType<typeof launchChromium>>;
let page: Page;

beforeAll(async () => {
  stub = await StripeStub.start();
  merchant = await signedInConsole({ env: { ...stub.env(), SHOP_NAME: SHOP } });
  server = merchant.server;
  await usShipping(server);
  shopper = await launchChromium();
  page = await shopper.browser.newPage();
}, 120_000);
afterAll(async () => {
  await shopper?.close();
  await merchant?.close();
  await stub?.close();
});

const DESKTOP = { width: 1280, height: 900 };
const PHONE = { width: 390, height: 844 };

/** Screenshots of `on` on a desktop and a phone; on the phone nothing may be wider than the screen. */
async function shots(target: Page, name: string): Promise<void> {
  const dir = process.env.SCREENSHOT_DIR ?? '/tmp';
  await target.setViewportSize(DESKTOP);
  await target.screenshot({ path: `${dir}/order-journey-${name}-desktop.png`, fullPage: true });
  await target.setViewportSize(PHONE);
  // two frames after the resize: a full-page shot taken sooner can show tiles of the old layout
  await target.evaluate(() => new Promise((painted) => requestAnimationFrame(() => requestAnimationFrame(painted))));
  await target.screenshot({ path: `${dir}/order-journey-${name}-phone.png`, fullPage: true });
  expect(await target.evaluate(() => document.documentElement.scrollWidth), name).toBeLessThanOrEqual(PHONE.width);
  await target.setViewportSize(DESKTOP);
}

/** The mail's HTML part as the buyer's mail program shows it (screenshots), in a page of its own. */
async function mailShots(mail: DevMail, name: string): Promise<void> {
  const view = await shopper.browser.newPage();
  await view.setContent(mail.html);
  await shots(view, `mail-${name}`);
  await view.close();
}

/** The one link to the order-status page in the mail: the HTML part's and the text part's are the same page. */
function statusLinkOf(mail: DevMail): string {
  const isStatus = (url: string) => /\/orders\/[^/]+\/status\?token=/.test(url);
  const { html, text } = linksOf(mail);
  const fromHtml = [...new Set(html.filter(isStatus))];
  const fromText = [...new Set(text.filter(isStatus))];
  expect(fromHtml).toHaveLength(1);
  expect(fromText).toEqual(fromHtml);
  return fromHtml[0];
}

/** The console's order page: the merchant opens it and waits for its heading. */
async function openConsoleOrder(orderId: string, number: string): Promise<Page> {
  const consolePage = merchant.page;
  await consolePage.goto(`${server.url}/console/orders/${orderId}`);
  await consolePage.getByRole('heading', { level: 1, name: `Order #${number}` }).waitFor();
  return consolePage;
}

describe('an order from card payment to refund, in Chromium (#20)', () => {
  it('pays by card, mails each step with the status link, and the status page follows two parcels and a partial refund', async () => {
    // A guest's cart: two mugs and a tee (16.00 + 12.50, shipped for 5.00).
    const mug = await stockedProduct(server, { name: 'Journey Mug', price: 8, quantity: 10 });
    const tee = await stockedProduct(server, { name: 'Journey Tee', price: 12.5, quantity: 10 });
    const guest = visitorClient(server);
    await guest.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id, 2), lineOf(tee._id, 1)] });
    const { checkoutId } = await guest.currentCart.createCheckoutFromCurrentCart();
    const { redirectSession } = await guest.redirects.createRedirectSession({ ecomCheckout: { checkoutId: checkoutId as string } });
    const email = uniqueEmail('journey');

    // The hosted checkout: address, shipping, card; then the card page against the stub.
    await page.goto(redirectSession?.fullUrl as string);
    await fillHostedAddress(page, email);
    await page.getByLabel(/Standard shipping/).check();
    await page.waitForFunction(() => document.querySelector('[data-testid="order-total"]')?.textContent === '$33.50');
    await page.getByLabel(/^Card/).check();
    await shots(page, 'checkout');
    await Promise.all([page.waitForURL(/\/pay\?/), page.getByRole('button', { name: 'Place order' }).click()]);
    await page.getByTestId('stripe-payment-element').waitFor();
    await shots(page, 'pay');
    await Promise.all([page.waitForURL(/\/complete/), page.getByRole('button', { name: 'Pay $33.50' }).click()]);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Thank you for your order');
    await shots(page, 'thank-you');

    // Stripe's webhook of the payment arrives, signed; the order placed on the return stays as it is.
    const row = await server.database.db
      .selectFrom('orders')
      .select(['id', 'number', 'payment_reference'])
      .where('checkout_id', '=', checkoutId as string)
      .executeTakeFirstOrThrow();
    const intent = stub.intent(row.payment_reference as string);
    expect(intent).toMatchObject({ status: 'succeeded', amount: 3350, currency: 'usd' });
    expect((await deliverStripeEvent(server.url, stub.event('payment_intent.succeeded', intent))).status).toBe(200);
    const number = String(row.number);

    // "Order received" and "payment received", each with the shop's name and the same status link.
    const received = await mailWithSubject(server.url, email, `Your order ${number} at ${SHOP}`);
    const paid = await mailWithSubject(server.url, email, `Payment received for order ${number} at ${SHOP}`);
    for (const mail of [received, paid]) expect(mail.html).toContain(SHOP);
    const statusLink = statusLinkOf(received);
    expect(statusLinkOf(paid)).toBe(statusLink);
    await mailShots(received, 'order-received');
    await mailShots(paid, 'payment-received');

    // The buyer opens the link of the e-mail: paid, not shipped.
    await page.goto(statusLink);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(`Order ${number}`);
    await expect(page.getByTestId('payment-state').textContent()).resolves.toBe('Paid');
    await expect(page.getByTestId('fulfilment-state').textContent()).resolves.toBe('Not shipped yet');
    await shots(page, 'status-paid');

    // The merchant ships the two mugs by UPS in the console.
    const consolePage = await openConsoleOrder(row.id, number);
    const consoleState = consolePage.getByTestId('order-state');
    await consolePage.getByRole('button', { name: 'Fulfil items…' }).click();
    const fulfil = consolePage.getByRole('form', { name: 'Fulfil items' });
    await fulfil.getByLabel('Journey Tee (1 to ship)').fill('0');
    await fulfil.getByLabel('Carrier').selectOption({ label: 'UPS' });
    await fulfil.getByLabel('Tracking number (optional)').fill('1Z999AA10123456784');
    await fulfil.getByRole('button', { name: 'Record fulfilment' }).click();
    await expect.poll(() => consoleState.textContent()).toBe('Partly fulfilled');
    await shots(consolePage, 'console-first-parcel');

    const upsLink = 'https://www.ups.com/track?tracknum=1Z999AA10123456784';
    const firstParcel = await mailWithSubject(server.url, email, `Your order ${number} at ${SHOP} has shipped`);
    expect(firstParcel.text).toContain('2 × Journey Mug');
    expect(firstParcel.text).toContain('Carrier: UPS · Tracking number: 1Z999AA10123456784');
    expect(firstParcel.text).toContain(`Track your parcel: ${upsLink}`);
    expect(linksOf(firstParcel).html).toContain(upsLink);
    expect(statusLinkOf(firstParcel)).toBe(statusLink);
    await mailShots(firstParcel, 'shipped-first');

    await page.reload();
    await expect(page.getByTestId('order-state').textContent()).resolves.toBe('Partly shipped');
    await expect(page.getByRole('link', { name: '1Z999AA10123456784' }).getAttribute('href')).resolves.toBe(upsLink);
    await shots(page, 'status-partly-shipped');

    // The rest, the tee, by another carrier with its own tracking link.
    await consolePage.getByRole('button', { name: 'Fulfil items…' }).click();
    await fulfil.getByLabel('Tracking number (optional)').fill('P-2');
    await fulfil.getByLabel('Tracking link (optional)').fill('https://parcels.example/P-2');
    await fulfil.getByRole('button', { name: 'Record fulfilment' }).click();
    await expect.poll(() => consoleState.textContent()).toBe('Fulfilled');

    const shippedSubject = `Your order ${number} at ${SHOP} has shipped`;
    await expect.poll(async () => (await mailsTo(server.url, email)).filter((mail) => mail.subject === shippedSubject).length).toBe(2);
    const [secondParcel] = (await mailsTo(server.url, email)).filter((mail) => mail.subject === shippedSubject);
    expect(secondParcel.text).toContain('1 × Journey Tee');
    expect(secondParcel.text).toContain('Track your parcel: https://parcels.example/P-2');
    await page.reload();
    await expect(page.getByTestId('order-state').textContent()).resolves.toBe('Shipped');
    const parcels = page.locator('.shipments li');
    await expect(parcels.count()).resolves.toBe(2);
    await expect(page.getByRole('link', { name: '1Z999AA10123456784' }).getAttribute('href')).resolves.toBe(upsLink);
    await expect(page.getByRole('link', { name: 'P-2' }).getAttribute('href')).resolves.toBe('https://parcels.example/P-2');
    await expect(parcels.nth(1).textContent()).resolves.toContain('1 × Journey Tee');
    await shots(page, 'status-shipped');

    // A partial refund of 5.00 in the console, paid back through Stripe.
    await consolePage.getByRole('button', { name: 'Refund…' }).click();
    const refund = consolePage.getByRole('form', { name: 'Refund' });
    await refund.getByLabel('An amount').check();
    await refund.getByLabel('Amount (USD)').fill('5');
    await refund.getByLabel('Reason').fill('Late delivery');
    await refund.getByRole('button', { name: 'Review refund' }).click();
    await consolePage.getByRole('button', { name: 'Confirm refund' }).click();
    await expect.poll(() => consoleState.textContent()).toBe('Fulfilled · partly refunded');
    await shots(consolePage, 'console-refunded');
    expect(stub.refunds).toEqual([expect.objectContaining({ payment_intent: intent.id, amount: 500, currency: 'usd' })]);

    const refunded = await mailWithSubject(server.url, email, `Refund for your order ${number} at ${SHOP}`);
    expect(refunded.text).toContain(`We have refunded $5.00 for your order ${number}.`);
    expect(statusLinkOf(refunded)).toBe(statusLink);
    await mailShots(refunded, 'refunded');

    await page.reload();
    await expect(page.getByTestId('payment-state').textContent()).resolves.toBe('Partially refunded');
    await expect(page.getByTestId('refunded').textContent()).resolves.toBe('$5.00 was refunded to you.');
    await expect(page.getByTestId('order-state').textContent()).resolves.toBe('Shipped');
    await shots(page, 'status-refunded');
    expect(merchant.errors).toEqual([]);
  }, 180_000);
});
