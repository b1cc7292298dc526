/**
 * Issue #24's smaller console details in Chromium: the product and order lists fit a 390 px phone
 * without scrolling sideways; a picture's alt text is edited in its media card after the upload; a
 * product created in the console with stock per variant starts each variant's history with its initial
 * stock (not "Initial 0" then a correction), named by the merchant's e-mail.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { merchantClient, placedOrder, stockedProduct } from '../../../packages/server/test/support/checkout-fixtures.js';
import { pngImage } from '../../../packages/server/test/support/images.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { ARTIFACTS, signedInConsoleForFile } from './console-session.js';

let server: TestServer;
let page: Page;
let errors: string[] = [];
let email: string;

signedInConsoleForFile(
  { ownMediaDir: true, shipsToUs: true },
  (session) => {
    ({ server, page, errors, email } = session);
  },
  { desktopViewport: true },
);

const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}console-details-${name}.png`, fullPage: true });
const form = () => page.getByRole('form', { name: 'Product' });
/** How wide the page is laid out: more than the viewport scrolls sideways. */
const pageWidth = () => page.evaluate(() => document.documentElement.scrollWidth);

describe('the lists on a phone (#24)', () => {
  it('the products and the orders fit 390 px without scrolling sideways', async () => {
    const mug = await stockedProduct(server, { name: 'Hand-thrown stoneware breakfast mug with a speckled glaze', quantity: 40 });
    await placedOrder(server, [{ productId: mug._id, quantity: 2 }], {
      recipient: { firstName: 'Maximiliane', lastName: 'Oberndorfer-Lichtenstein' },
    });
    await page.setViewportSize({ width: 390, height: 844 });
    for (const list of ['products', 'orders']) {
      await page.goto(`${server.url}/console/${list}`);
      await page.getByRole('heading', { level: 1, name: list === 'products' ? 'Products' : 'Orders' }).waitFor();
      await page
        .getByText(list === 'products' ? 'Hand-thrown stoneware' : 'Oberndorfer-Lichtenstein')
        .first()
        .waitFor();
      await shot(`${list}-phone`);
      expect(await pageWidth(), list).toBeLessThanOrEqual(390);
    }
    await page.setViewportSize({ width: 1280, height: 900 });
    await shot('orders-desktop');
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('a product made in the console', () => {
  it('starts each variant’s stock history with its initial stock, by the merchant, and edits a picture’s alt text after the upload', async () => {
    await page.goto(`${server.url}/console/products/new`);
    await form().getByLabel('Name', { exact: true }).fill('Linen Napkin');
    await form().getByLabel('Price (USD)').fill('9');
    await form().getByRole('button', { name: 'Add an option' }).click();
    await form().getByLabel('Option 1 name').fill('Colour');
    await form().getByLabel('Choice 1 of Colour', { exact: true }).fill('Sand');
    await form().getByRole('button', { name: 'Add a choice to Colour' }).click();
    await form().getByLabel('Choice 2 of Colour', { exact: true }).fill('Moss');
    await form().getByLabel('Count the stock').check();
    await form().getByLabel('Set price, stock and SKU variant by variant').check();
    await form().getByLabel('Stock of Sand').fill('4');
    await form().getByLabel('Stock of Moss').fill('6');
    await form()
      .getByLabel('Add pictures…')
      .setInputFiles({ name: 'napkin.png', mimeType: 'image/png', buffer: pngImage(40, 30, [200, 180, 140]) });
    await form().getByRole('button', { name: 'Create the product (hidden)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Linen Napkin' }).waitFor();
    const productId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string);

    // the history: one entry, the initial stock, by the merchant's e-mail
    const entries = page.getByTestId('stock-change');
    await expect.poll(() => entries.count()).toBe(1);
    expect((await entries.first().locator('td').allTextContents()).slice(1)).toEqual(['+4', '0 → 4', 'Initial stock', email]);

    // the picture had no alt text: it is written in its card, saved, and the page's picture says it
    const card = page.getByTestId('media-item').first();
    await card.getByLabel('Alt text', { exact: true }).fill('A sand-coloured linen napkin, folded');
    await card.getByRole('button', { name: 'Save alt text' }).click();
    await card.getByRole('status').getByText('Saved').waitFor();
    await expect.poll(() => card.locator('img').getAttribute('alt')).toBe('A sand-coloured linen napkin, folded');
    const { product } = await merchantClient(server).products.getProduct(productId, { includeMerchantSpecificData: true });
    expect(product?.media?.items?.[0]?.image?.altText).toBe('A sand-coloured linen napkin, folded');
    await card.scrollIntoViewIfNeeded();
    await shot('alt-text-desktop');
    await page.setViewportSize({ width: 390, height: 844 });
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}console-details-alt-text-phone.png` });
    await page.getByRole('heading', { name: 'Stock history' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}console-details-history-phone.png` });
    expect(await pageWidth()).toBeLessThanOrEqual(390);
    expect(errors).toEqual([]);
  }, 120_000);
});
