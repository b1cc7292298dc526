import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../support/browser.js';
import { lineOf, quantityOf, stockedProduct, visitorClient } from '../support/checkout-fixtures.js';
import { fillHostedAddress } from '../support/hosted-checkout-page.js';
import { mailsTo, uniqueEmail } from '../support/mailbox.js';
import { usShippingServerForFile } from '../support/server-for-file.js';

const server = usShippingServerForFile();
let chromium: Awaited<ReturnType<typeof launchChromium>>;
/** The storefront's thank-you page: a tiny local page showing the order number it was sent. */
let thankYou: { url: string; close(): Promise<void> };

async function startThankYouPage() {
  const http: Server = createServer((req, res) => {
    const number = new URL(req.url ?? '/', 'http://x').searchParams.get('orderNumber') ?? '';
    res.writeHead(200, { 'content-type': 'text/html' }).end(`<h1>Thanks!</h1><p id="order">Order ${number.replace(/\D/g, '')}</p>`);
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const address = http.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return { url: `http://127.0.0.1:${port}/thank-you`, close: () => new Promise<void>((resolve) => http.close(() => resolve())) };
}

beforeAll(async () => {
  thankYou = await startThankYouPage();
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
  await thankYou?.close();
});

/** A new visitor's checkout of `quantity` $8 mugs, with its redirect session back to the thank-you page. */
async function visitorCheckout(name: string, quantity: number) {
  const mug = await stockedProduct(server, { name, price: 8, quantity: 4 });
  const shop = visitorClient(server);
  await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id, quantity)] });
  const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
  const { redirectSession } = await shop.redirects.createRedirectSession({
    ecomCheckout: { checkoutId: checkoutId as string },
    callbacks: { thankYouPageUrl: thankYou.url },
  });
  return { mug, checkoutId: checkoutId as string, redirectSession };
}

describe('hosted checkout in Chromium', () => {
  it('takes a visitor from the ecomCheckout redirect session through the page to the thank-you page', async () => {
    const { mug, redirectSession } = await visitorCheckout('Browser mug', 2);
    const email = uniqueEmail('chromium');

    const page = await chromium.browser.newPage();
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await page.goto(redirectSession?.fullUrl as string);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Checkout');
    await fillHostedAddress(page, email);
    // The page asks for the address's options and totals by itself (no "Update" step with JavaScript).
    await page.getByLabel(/Standard shipping/).check();
    await page.waitForFunction(() => document.querySelector('[data-testid="order-total"]')?.textContent === '$21.00');
    await page.getByLabel('Bank transfer').check();
    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(thankYou.url)),
      page.getByRole('button', { name: 'Place order' }).click(),
    ]);

    const landed = new URL(page.url());
    const orderNumber = landed.searchParams.get('orderNumber') as string;
    expect(orderNumber).toMatch(/^\d+$/);
    await expect(page.locator('#order').textContent()).resolves.toBe(`Order ${orderNumber}`);
    const [mail] = await mailsTo(server.url, email);
    expect(mail.subject).toContain(orderNumber);
    expect(mail.text).toContain('2 × Browser mug: $16.00');
    expect(await quantityOf(server, mug._id)).toBe(2);
    expect(cspErrors).toEqual([]);
    await page.close();
  });

  it('asks for the state and the ZIP code of a US address before placing it, and for neither where the country goes without', async () => {
    const { checkoutId, redirectSession } = await visitorCheckout('State mug', 1);
    const page = await chromium.browser.newPage();
    await page.goto(redirectSession?.fullUrl as string);
    await page.getByLabel('Email').fill(uniqueEmail('state'));
    await page.getByLabel('First name', { exact: true }).fill('Grace');
    await page.getByLabel('Last name', { exact: true }).fill('Hopper');
    await page.getByLabel('Street and number', { exact: true }).fill('1 Main St');
    await page.getByLabel('City', { exact: true }).fill('Springfield');
    // Germany's states are optional in its addresses: the list says so; Hong Kong has no postal codes
    await page.getByLabel('Country', { exact: true }).selectOption('HK');
    await page.getByLabel('Postal code (optional)', { exact: true }).waitFor();
    await page.getByLabel('Country', { exact: true }).selectOption('DE');
    await page.getByLabel('State or region (optional)', { exact: true }).waitFor();
    await page.getByLabel('Postal code', { exact: true }).fill('10115');
    // the US names its postal codes ZIP codes; what was typed stays when the field's name changes
    await page.getByLabel('Country', { exact: true }).selectOption('US');
    const state = page.getByLabel('State', { exact: true });
    await state.waitFor();
    const zip = page.getByLabel('ZIP code', { exact: true });
    await expect(zip.inputValue()).resolves.toBe('10115');
    await zip.fill('');
    await page.getByLabel(/Standard shipping/).check();
    await page.getByLabel('Bank transfer').check();
    await page.getByRole('button', { name: 'Place order' }).click();
    await page.getByText('Choose the state', { exact: true }).first().waitFor();
    await expect(state.getAttribute('aria-invalid')).resolves.toBe('true');
    await expect(zip.getAttribute('aria-invalid')).resolves.toBe('true');
    await page.getByText('Enter the ZIP code', { exact: true }).first().waitFor();
    // the error summary names the fields as the page labels them
    const summary = page.locator('#form-error');
    await summary.getByRole('link', { name: 'State: Choose the state' }).waitFor();
    await summary.getByRole('link', { name: 'ZIP code: Enter the ZIP code' }).waitFor();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/checkout-state-missing-phone.png`, fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });

    await state.selectOption('US-IL');
    await zip.fill('62701');
    await page.getByLabel('Bank transfer').check();
    await Promise.all([
      page.waitForURL((url) => url.href.startsWith(thankYou.url)),
      page.getByRole('button', { name: 'Place order' }).click(),
    ]);
    const [order] = await server.database.db
      .selectFrom('orders')
      .select(['shipping_address'])
      .where('checkout_id', '=', checkoutId)
      .execute();
    expect(order.shipping_address).toMatchObject({ subdivision: 'US-IL', postalCode: '62701', country: 'US' });
    await page.close();
  });
});
