/**
 * Safer product creation in Chromium (#24): a new product's options, variants (SKU, price, stock) and
 * pictures with alt text are typed in one form and saved together, hidden; a failure part-way keeps
 * nothing; publishing a product without stock warns first; each variant's stock history shows every
 * change with who and why (an order's, the merchant's own with its reason). Desktop and phone screens.
 */
import { readdir } from 'node:fs/promises';
import { ApiKeyStrategy, createClient } from '@vitrine/sdk';
import { inventory } from '@vitrine/sdk/stores';
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

const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}console-creation-${name}.png`, fullPage: true });
const form = () => page.getByRole('form', { name: 'Product' });
const phone = () => page.setViewportSize({ width: 390, height: 844 });

/** Fills the new-product form's name and price and one option "Size" with the given choices. */
async function newSizedProduct(name: string, sizes: string[]) {
  await page.goto(`${server.url}/console/products/new`);
  await form().getByLabel('Name', { exact: true }).fill(name);
  await form().getByLabel('Price (USD)').fill('30');
  await form().getByRole('button', { name: 'Add an option' }).click();
  await form().getByLabel('Option 1 name').fill('Size');
  for (const [i, size] of sizes.entries()) {
    if (i > 0) await form().getByRole('button', { name: 'Add a choice to Size' }).click();
    await form()
      .getByLabel(`Choice ${i + 1} of Size`, { exact: true })
      .fill(size);
  }
}

describe('a new product in one form', () => {
  it('sets options, each variant’s SKU, price and stock, and pictures with alt text before the first save', async () => {
    await newSizedProduct('Linen Apron', ['S', 'M']);
    await form().getByLabel('Count the stock').check();
    await form().getByLabel('Set price, stock and SKU variant by variant').check();
    const rows = form().getByTestId('new-variant-row');
    await expect.poll(() => rows.count()).toBe(2);
    await form().getByLabel('SKU of S').fill('APR-S');
    await form().getByLabel('Stock of S').fill('4');
    await form().getByLabel('SKU of M').fill('APR-M');
    await form().getByLabel('Price of M').fill('34.50');
    await form().getByLabel('Stock of M').fill('6');
    await form()
      .getByLabel('Add pictures…')
      .setInputFiles([
        { name: 'apron-front.png', mimeType: 'image/png', buffer: pngImage(40, 30, [30, 90, 160]) },
        { name: 'apron-back.png', mimeType: 'image/png', buffer: pngImage(30, 40, [160, 90, 30]) },
      ]);
    await form().getByLabel('Alt text of apron-front.png').fill('Blue linen apron, front');
    await form().getByLabel('Alt text of apron-back.png').fill('Blue linen apron, back with ties');
    await shot('1-new-desktop');
    await phone();
    await shot('1-new-phone');
    await page.setViewportSize({ width: 1280, height: 900 });
    await form().getByRole('button', { name: 'Create the product (hidden)' }).click();

    await page.getByRole('heading', { level: 1, name: 'Linen Apron' }).waitFor();
    expect(await page.getByTestId('visibility').textContent()).toContain('Hidden');
    const productId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string);
    const { product } = await merchantClient(server).products.getProduct(productId, { includeMerchantSpecificData: true });
    expect(product?.visible).toBe(false);
    expect(
      product?.variants?.map((variant) => [
        variant.choices?.Size,
        variant.variant?.sku,
        variant.variant?.priceData?.price,
        variant.stock?.quantity,
      ]),
    ).toEqual([
      ['S', 'APR-S', 30, 4],
      ['M', 'APR-M', 34.5, 6],
    ]);
    expect(product?.media?.items?.map((mediaItem) => [mediaItem.image?.url?.split('/').pop(), mediaItem.image?.altText])).toEqual([
      ['apron-front.png', 'Blue linen apron, front'],
      ['apron-back.png', 'Blue linen apron, back with ties'],
    ]);
    expect(await page.getByTestId('media-item').first().locator('img').getAttribute('alt')).toBe('Blue linen apron, front');
    expect(errors).toEqual([]);
  }, 120_000);

  it('keeps nothing when a step after the create fails, not even the pictures uploaded, says which, and keeps the form', async () => {
    await newSizedProduct('Broken Basket', ['One']);
    // the first picture is stored before the second is refused
    await form()
      .getByLabel('Add pictures…')
      .setInputFiles([
        { name: 'basket-front.png', mimeType: 'image/png', buffer: pngImage(20, 20, [120, 80, 40]) },
        { name: 'not-a-picture.png', mimeType: 'image/png', buffer: Buffer.from('plain text, not a PNG') },
      ]);
    await form().getByRole('button', { name: 'Create the product (hidden)' }).click();
    const alert = form().getByRole('alert').filter({ hasText: 'Uploading the pictures failed' });
    await alert.waitFor();
    expect(await alert.textContent()).toContain('nothing was kept; try again');
    await shot('1-failed-desktop');
    await phone();
    await alert.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}console-creation-1-failed-phone.png` });
    expect(await form().getByLabel('Name', { exact: true }).inputValue()).toBe('Broken Basket');
    const found = await merchantClient(server).products.queryProducts(
      { filter: { name: 'Broken Basket' } },
      { includeHiddenProducts: true },
    );
    expect(found.products ?? []).toEqual([]);
    // the uploaded picture is gone too: its row and its file
    const uploads = await server.database.db.selectFrom('media_files').select('file_name').execute();
    expect(uploads.map((upload) => upload.file_name)).not.toContain('basket-front.png');
    expect((await readdir(server.services.config.mediaDir)).length).toBe(uploads.length);
    // the one error the page saw is the refused upload itself
    expect(errors.every((error) => /status of 400/.test(error))).toBe(true);
  }, 60_000);
});

describe('publishing', () => {
  it('warns before publishing a product without stock; publishes after "Publish anyway"', async () => {
    await page.goto(`${server.url}/console/products/new`);
    await form().getByLabel('Name', { exact: true }).fill('Empty Jar');
    await form().getByLabel('Price (USD)').fill('5');
    await form().getByLabel('Count the stock').check();
    await form().getByLabel('Quantity in stock').fill('0');
    await form().getByRole('button', { name: 'Create the product (hidden)' }).click();
    await page.getByRole('heading', { level: 1, name: 'Empty Jar' }).waitFor();
    const productId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    const warning = page.getByRole('alert').filter({ hasText: '“Empty Jar” has no stock.' });
    await warning.waitFor();
    await shot('2-publish-warning-desktop');
    await phone();
    await warning.scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}console-creation-2-publish-warning-phone.png` });
    await page.getByRole('button', { name: 'Not yet' }).click();
    expect(await page.getByTestId('visibility').textContent()).toContain('Hidden');
    expect((await merchantClient(server).products.getProduct(productId)).product?.visible).toBe(false);

    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByRole('button', { name: 'Publish anyway' }).click();
    await page.getByTestId('visibility').filter({ hasText: 'Published' }).waitFor();
    expect((await merchantClient(server).products.getProduct(productId)).product?.visible).toBe(true);
    expect(errors).toEqual([]);
  }, 60_000);

  it('publishes a product with stock at once, and hides it again', async () => {
    const { product } = await merchantClient(server).products.createProduct({
      name: 'Full Jar',
      priceData: { price: 5 },
      visible: false,
      stock: { trackInventory: true, quantity: 3 },
    });
    await page.goto(`${server.url}/console/products/${product?._id}`);
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByTestId('visibility').filter({ hasText: 'Published' }).waitFor();
    expect(await page.getByRole('alert').count()).toBe(0);
    await page.getByRole('button', { name: 'Hide from the shop' }).click();
    await page.getByTestId('visibility').filter({ hasText: 'Hidden' }).waitFor();
    expect((await merchantClient(server).products.getProduct(product?._id as string)).product?.visible).toBe(false);
    expect(errors).toEqual([]);
  }, 60_000);
});

describe('the stock history', () => {
  it('shows an order’s units and the merchant’s own change with its reason, newest first', async () => {
    const mug = await stockedProduct(server, { name: 'History Mug', quantity: 5 });
    const order = await placedOrder(server, [{ productId: mug._id, quantity: 2 }]);
    await page.goto(`${server.url}/console/products/${mug._id}`);
    await page.getByRole('heading', { level: 1, name: 'History Mug' }).waitFor();
    const entries = page.getByTestId('stock-change');
    /** An entry's cells after its date. */
    const cellsOf = async (i: number) => (await entries.nth(i).locator('td').allTextContents()).slice(1);
    await expect.poll(() => entries.count()).toBe(2);
    expect(await cellsOf(0)).toEqual(['−2', '5 → 3', `Order ${order.number}`, 'A guest’s order']);
    expect(await cellsOf(1)).toEqual(['+5', '– → 5', 'Initial stock', 'An API key']);

    await page.getByLabel('New quantity').fill('12');
    await page.getByLabel('Reason').selectOption('RECEIVED');
    await page.getByLabel('Note').fill('Delivery 7');
    await page.getByRole('button', { name: 'Record the change' }).click();
    await expect.poll(() => entries.count()).toBe(3);
    // the merchant named by their e-mail (#24)
    expect(await cellsOf(0)).toEqual(['+9', '3 → 12', 'Received · Delivery 7', email]);
    expect(await page.getByTestId('in-stock').textContent()).toBe('12');
    // the product form reads the new count: saving it cannot put the old one back
    await expect.poll(() => form().getByLabel('Quantity in stock').inputValue()).toBe('12');
    await page.getByRole('link', { name: `Order ${order.number}` }).waitFor();
    await page.getByRole('heading', { name: 'Stock history' }).scrollIntoViewIfNeeded();
    await shot('3-history-desktop');
    await phone();
    await page.getByRole('heading', { name: 'Stock history' }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${ARTIFACTS}console-creation-3-history-phone.png` });

    // the history is also the merchant API's
    const api = createClient({ host: server.url, modules: { inventory }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
    const { product } = await merchantClient(server).products.getProduct(mug._id);
    const { changes } = await api.inventory.getVariantHistory(mug._id, product?.variants?.[0]?._id as string);
    expect(changes?.map((change) => [change.reason, change.actor?.identityType])).toEqual([
      ['RECEIVED', 'WIX_USER'],
      ['ORDER', 'ANONYMOUS_VISITOR'],
      ['INITIAL', 'APP'],
    ]);
    expect(errors).toEqual([]);
  }, 60_000);

  it('refuses a quantity that is not a whole number, by its field, sending nothing', async () => {
    const mug = await stockedProduct(server, { name: 'Checked Mug', quantity: 1 });
    await page.goto(`${server.url}/console/products/${mug._id}`);
    await page.getByLabel('New quantity').fill('2.5');
    await page.getByRole('button', { name: 'Record the change' }).click();
    await page.getByText('Type the new quantity in stock (a whole number).').waitFor();
    expect(await page.getByTestId('stock-change').count()).toBe(1);
    expect(errors).toEqual([]);
  }, 60_000);
});
