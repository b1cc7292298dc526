/**
 * The hosted checkout and the cart it was made from, in Chromium on the built storefront (issue #19):
 * defect 5, Cart → Checkout → Back → change a quantity → Forward → place, orders what the cart holds
 * now; defect 10, a colour swatch's choice reads as the colour's name in the cart and at checkout.
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../packages/server/test/support/browser.js';
import { swatchProduct, usShipping } from '../../../packages/server/test/support/checkout-fixtures.js';
import { fillHostedAddress } from '../../../packages/server/test/support/hosted-checkout-page.js';
import { uniqueEmail } from '../../../packages/server/test/support/mailbox.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { ARTIFACTS } from './storefront-page.js';
import { startStorefrontServer } from './storefront-server.js';

let server: TestServer;
/** every shopper's browser, closed at the end */
const browsers: { close(): Promise<void> }[] = [];

beforeAll(async () => {
  server = await startStorefrontServer();
  await usShipping(server);
}, 120_000);
afterAll(async () => {
  for (const browser of browsers) await browser.close();
  await server?.close();
});

const hydrated = (page: Page) => page.waitForSelector('html[data-hydrated="true"]');
const summary = (page: Page) => page.getByRole('table', { name: 'Items and totals' }).textContent();

/** A new shopper's page: a browser of its own (its own cookies and storage, so its own cart). */
async function shopper(): Promise<Page> {
  const chromium = await launchChromium();
  browsers.push(chromium);
  const page = await chromium.browser.newPage();
  await page.setViewportSize({ width: 1280, height: 900 });
  return page;
}

/** Adds the product on this page (options already chosen) and waits for the drawer's line. */
async function addToCart(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.add-to-cart__button')?.disabled);
  await page.getByRole('button', { name: 'Add to cart' }).click();
  await page.getByRole('dialog', { name: 'Your cart' }).getByTestId('cart-line').waitFor();
}

/** The cart page's Checkout button, then the hosted checkout page. */
async function checkout(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Checkout' }).click();
  await page.waitForURL(/\/checkout\//);
  await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
}

/** A Classic Diner Mug (11 oz) of this colour in a new cart, and that cart's hosted checkout page. */
async function mugCheckedOut(page: Page, color: string): Promise<void> {
  await page.goto(`${server.url}/products/classic-diner-mug`);
  await hydrated(page);
  await page.getByRole('button', { name: color, exact: true }).click();
  await page.getByRole('button', { name: '11 oz', exact: true }).click();
  await addToCart(page);
  await page.goto(`${server.url}/cart`);
  await hydrated(page);
  await page.getByTestId('cart-total').waitFor();
  await checkout(page);
}

/** Fills the hosted form for a US delivery paid by bank transfer. */
async function fillCheckout(page: Page): Promise<void> {
  await fillHostedAddress(page, uniqueEmail('tied-e2e'));
  await page.keyboard.press('Tab');
  // The page asks for the address's shipping options and totals by itself.
  await page.getByRole('group', { name: 'Choose how your order reaches you' }).waitFor();
  await page.waitForFunction(() => !document.querySelector('form[aria-busy]'));
  await page.getByLabel('Bank transfer').check();
}

describe('the hosted checkout and its cart in Chromium (#19)', () => {
  it('Cart → Checkout → Back → change a quantity → Forward → place orders the new quantity (defect 5)', async () => {
    const page = await shopper();
    await mugCheckedOut(page, 'White');
    await expect(summary(page)).resolves.toContain('1 × Classic Diner Mug');

    // Back to the cart, two more mugs, Forward to the checkout made before
    await page.goBack();
    await page.waitForURL(/\/cart$/);
    await hydrated(page);
    const increase = page.getByRole('button', { name: 'Increase quantity of Classic Diner Mug' });
    await increase.click();
    await increase.click();
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-total"]')?.textContent?.trim() === '$42.00');
    await page.goForward();
    await page.waitForURL(/\/checkout\//);
    await page.getByRole('heading', { level: 1, name: 'Checkout' }).waitFor();
    await expect(summary(page)).resolves.toContain('3 × Classic Diner Mug');
    await expect(page.getByText('Your cart changed: this checkout now shows it.').count()).resolves.toBe(1);

    await fillCheckout(page);
    await Promise.all([page.waitForURL(/\/thank-you\?/), page.getByRole('button', { name: 'Place order' }).click()]);
    const orderId = new URL(page.url()).searchParams.get('orderId') as string;
    const order = await server.database.db.selectFrom('orders').select('line_items').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect((order.line_items as { name: string; quantity: number }[]).map((line) => `${line.quantity} × ${line.name}`)).toEqual([
      '3 × Classic Diner Mug',
    ]);
  }, 120_000);

  it('places nothing from a checkout page older than the cart: it shows the cart now, and the order then has it (defect 5)', async () => {
    const page = await shopper();
    await mugCheckedOut(page, 'Black');
    await fillCheckout(page);

    // Another tab of the same shopper adds a second mug while this page still shows one.
    const other = await page.context().newPage();
    await other.goto(`${server.url}/cart`);
    await hydrated(other);
    await other.getByRole('button', { name: 'Increase quantity of Classic Diner Mug' }).click();
    await other.waitForFunction(() => document.querySelector('[data-testid="cart-total"]')?.textContent?.trim() === '$28.00');
    await other.close();

    await Promise.all([page.waitForURL(/changedFrom=/), page.getByRole('button', { name: 'Place order' }).click()]);
    await expect(summary(page)).resolves.toContain('2 × Classic Diner Mug');
    await expect(page.getByText('Your cart changed: this checkout now shows it.').count()).resolves.toBe(1);
    const checkoutId = new URL(page.url()).pathname.split('/')[2] as string;
    const placed = await server.database.db.selectFrom('orders').select('id').where('checkout_id', '=', checkoutId).execute();
    expect(placed).toEqual([]);

    await page.getByLabel('Bank transfer').check();
    await Promise.all([page.waitForURL(/\/thank-you\?/), page.getByRole('button', { name: 'Place order' }).click()]);
    const orderId = new URL(page.url()).searchParams.get('orderId') as string;
    const order = await server.database.db.selectFrom('orders').select('line_items').where('id', '=', orderId).executeTakeFirstOrThrow();
    expect((order.line_items as { quantity: number }[]).map((line) => line.quantity)).toEqual([2]);
  }, 120_000);

  it('shows a colour swatch choice by its name in the cart, on the checkout page and after the order (defect 10)', async () => {
    const product = await swatchProduct(server, 'Swatch Scarf');
    const page = await shopper();
    await page.goto(`${server.url}/products/${product.slug}`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Forest green', exact: true }).click();
    await addToCart(page);
    const drawerLine = page.getByRole('dialog', { name: 'Your cart' }).getByTestId('cart-line');
    await expect(drawerLine.textContent()).resolves.toContain('Forest green');
    await expect(drawerLine.textContent()).resolves.not.toContain('#2a6f4e');

    await page.goto(`${server.url}/cart`);
    await hydrated(page);
    const line = page.locator('main').getByTestId('cart-line');
    await line.waitFor();
    await expect(line.textContent()).resolves.toContain('Forest green');
    await expect(line.textContent()).resolves.not.toContain('#');
    const swatch = await line.locator('.cart-line__swatch').evaluate((element) => getComputedStyle(element).backgroundColor);
    expect(swatch).toBe('rgb(42, 111, 78)');

    await checkout(page);
    await expect(summary(page)).resolves.toContain('Color: Forest green');
    await expect(summary(page)).resolves.not.toContain('#2a6f4e');

    // the storefront's thank-you page words the order's line the same way
    await fillCheckout(page);
    await Promise.all([page.waitForURL(/\/thank-you\?/), page.getByRole('button', { name: 'Place order' }).click()]);
    const options = page.locator('.thank-you__line-options');
    await options.waitFor();
    await expect(options.textContent()).resolves.toBe('Color: Forest green');
    // a line without a picture still ends with its price, at the row's end as the totals below it
    const row = await page.locator('.thank-you__lines li').boundingBox();
    const price = await page.locator('.thank-you__line-price').boundingBox();
    expect(row && price && Math.round(row.x + row.width - (price.x + price.width))).toBe(0);
  }, 120_000);

  it('says on the thank-you page when the buyer picks the order up, in the pickup place’s time zone', async () => {
    // the demo shop's pickup in New York, with its time slots
    const page = await shopper();
    await mugCheckedOut(page, 'White');
    await fillCheckout(page);
    await page.getByRole('radio', { name: /Store pickup \(New York\)/ }).check();
    await page.waitForFunction(() => !document.querySelector('form[aria-busy]'));
    const times = page.getByLabel('Time for Store pickup (New York)');
    const chosen = (await times.locator('option').nth(1).textContent()) as string;
    await Promise.all([
      page.waitForResponse((response) => response.request().method() === 'GET' && response.url().includes('updated=1')),
      times.selectOption({ index: 1 }),
    ]);
    await page.waitForFunction(() => !document.querySelector('form[aria-busy]'));
    await page.getByLabel('Bank transfer').check();
    // the summary names the pickup once, as a pickup (not "Shipping (Store pickup (New York))")
    await expect(page.locator('#order-summary').textContent()).resolves.toContain('Pickup: Store pickup (New York)');
    await Promise.all([page.waitForURL(/\/thank-you\?/), page.getByRole('button', { name: 'Place order' }).click()]);
    await expect(page.locator('.cart-totals').textContent()).resolves.toContain('Pickup: Store pickup (New York)');
    const time = page.getByTestId('order-chosen-time');
    await time.waitFor();
    await expect(time.textContent()).resolves.toBe(`Pickup time: ${chosen} (Eastern Time)`);
    await expect(page.getByTestId('order-pickup-place').textContent()).resolves.toBe('Pick up at: 148 Mercer St, 10012 New York, NY, US');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: `${ARTIFACTS}storefront-thank-you-pickup-phone.png`, fullPage: true });
  }, 120_000);
});
