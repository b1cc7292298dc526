/**
 * The console's product editor in Chromium, on the real server with the console and the storefront
 * mounted: a merchant creates a product with two options and an uploaded picture, sets one variant's
 * price, and the storefront's product page shows the picture, the choices and that price; pictures
 * reordered with the keyboard and by dragging are the shop's gallery order (#7); a form with
 * problems says each by its field; deleting asks first and takes the product out of the shop.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { merchantClient } from '../../../packages/server/test/support/checkout-fixtures.js';
import { pngImage } from '../../../packages/server/test/support/images.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { STOREFRONT_BUILD } from '../../storefront/test/storefront-server.js';
import { ARTIFACTS, signedInConsoleForFile } from './console-session.js';

let server: TestServer;
let page: Page;
let errors: string[] = [];

signedInConsoleForFile({ storefront: STOREFRONT_BUILD, ownMediaDir: true }, (session) => {
  ({ server, page, errors } = session);
});

const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}console-products-${name}.png`, fullPage: true });
const form = () => page.getByRole('form', { name: 'Product' });

/** Opens a console page inside the app (the merchant stays signed in). */
async function openConsole(path: string) {
  await page.goto(`${server.url}/console${path}`);
}

describe('the product editor', () => {
  it('creates a product with two options and a picture, prices one variant, and the shop sells it so', async () => {
    await openConsole('/products');
    await page.getByRole('link', { name: 'New product' }).click();
    await page.getByRole('heading', { level: 1, name: 'New product' }).waitFor();
    await form().getByLabel('Name', { exact: true }).fill('Console Kettle');
    await form().getByLabel('Description').fill('<p>A kettle made in the console.</p>');
    await form().getByLabel('Price (USD)').fill('40');
    await form().getByLabel('Discount', { exact: true }).selectOption('PERCENT');
    await form().getByLabel('Discount (%)').fill('10');
    await form().getByLabel('Ribbon').fill('New');

    await form().getByRole('button', { name: 'Add an option' }).click();
    await form().getByLabel('Option 1 name').fill('Size');
    await form().getByLabel('Choice 1 of Size', { exact: true }).fill('1 l');
    await form().getByRole('button', { name: 'Add a choice to Size' }).click();
    await form().getByLabel('Choice 2 of Size', { exact: true }).fill('1.7 l');
    await form().getByRole('button', { name: 'Add an option' }).click();
    await form().getByLabel('Option 2 name').fill('Colour');
    await form().getByLabel('How shoppers pick Colour').selectOption('color');
    await form().getByLabel('Choice 1 of Colour', { exact: true }).fill('Red');
    await form().getByLabel('Colour of Red', { exact: true }).fill('#c0392b');
    await form().getByRole('button', { name: 'Add a choice to Colour' }).click();
    await form().getByLabel('Choice 2 of Colour', { exact: true }).fill('Steel');
    await form().getByLabel('Colour of Steel', { exact: true }).fill('#8a949e');
    await form().getByLabel('Set price, stock and SKU variant by variant').check();
    await shot('1-new');
    await form().getByRole('button', { name: 'Create the product' }).click();

    // created: the editor of the new product, with its variants to price
    await page.getByRole('heading', { level: 1, name: 'Console Kettle' }).waitFor();
    const productId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop() as string);
    const rows = page.getByTestId('variant-row');
    await expect.poll(() => rows.count()).toBe(4);

    await page
      .getByTestId('drop-zone')
      .getByLabel('Choose files…')
      .setInputFiles({
        name: 'kettle.png',
        mimeType: 'image/png',
        buffer: pngImage(60, 40, [200, 60, 40]),
      });
    await page.getByTestId('media-item').first().waitFor();
    expect(await page.getByTestId('media-item').first().textContent()).toContain('main');
    // the picture shows with the Red choice
    await page.getByLabel('Show Picture 1 for a choice').selectOption({ label: 'Colour: Red' });
    await page.getByRole('button', { name: 'Stop showing Picture 1 for Colour Red' }).waitFor();

    await page.getByLabel('Price of 1.7 l / Steel').fill('55');
    await page.getByRole('button', { name: 'Save variants' }).click();
    await page.getByText('Variants saved.').waitFor();
    // a new product is hidden until published (#24)
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await page.getByTestId('visibility').filter({ hasText: 'Published' }).waitFor();
    await shot('2-edit');

    // what the server holds
    const merchant = merchantClient(server);
    const { product } = await merchant.products.getProduct(productId, { includeMerchantSpecificData: true });
    expect(
      product?.productOptions?.map((productOption) => [
        productOption.name,
        productOption.optionType,
        productOption.choices?.map((choice) => choice.value),
      ]),
    ).toEqual([
      ['Size', 'drop_down', ['1 l', '1.7 l']],
      ['Colour', 'color', ['#c0392b', '#8a949e']],
    ]);
    expect(product).toMatchObject({
      ribbon: 'New',
      discount: { type: 'PERCENT', value: 10 },
      priceData: { price: 40, discountedPrice: 36 },
    });
    expect(product?.media?.items).toHaveLength(1);
    const chosen = await merchant.products.getProductOptionsAvailability(productId, { Size: '1.7 l', Colour: '#8a949e' });
    expect(chosen.selectedVariant?.price?.price).toBe(55);

    // the storefront's page of the product: picture, choices, the variant's price
    await page.goto(`${server.url}/products/${product?.slug}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('heading', { level: 1, name: 'Console Kettle' }).waitFor();
    expect(await page.locator('main img').first().getAttribute('src')).toContain('/media/');
    await page.getByRole('button', { name: '1.7 l', exact: true }).click();
    await page.getByRole('button', { name: 'Steel', exact: true }).click();
    await expect.poll(() => page.locator('main').textContent()).toContain('$55.00');
    await shot('3-in-the-shop');
    expect(errors).toEqual([]);
  }, 120_000);

  it('reorders the pictures with the keyboard and by dragging, and the shop’s gallery follows (#7)', async () => {
    const merchant = merchantClient(server);
    const { product } = await merchant.products.createProduct({ name: 'Ordered Oven Glove', priceData: { price: 9 } });
    await openConsole(`/products/${product?._id}`);
    await page.getByRole('heading', { level: 1, name: 'Ordered Oven Glove' }).waitFor();
    const cards = page.getByTestId('media-item');
    const files = ['one', 'two', 'three'].map((name, i) => ({ name: `${name}.png`, mimeType: 'image/png', buffer: pngImage(8 + i, 8) }));
    await page.getByTestId('drop-zone').getByLabel('Choose files…').setInputFiles(files);
    await expect.poll(() => cards.count()).toBe(3);
    /** The card pictures' file names, in the order shown. */
    const shown = () => cards.locator('img').evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src.split('/').pop()));
    expect(await shown()).toEqual(['one.png', 'two.png', 'three.png']);

    // the keyboard: the third picture one place earlier; the focus stays on its button in its new place
    await page.getByRole('button', { name: 'Move Picture 3 earlier' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Now picture 2 of 3.' }).waitFor();
    expect(await shown()).toEqual(['one.png', 'three.png', 'two.png']);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Move Picture 2 earlier');

    // the mouse: "two" dragged onto the first card becomes the main picture
    await cards.nth(2).dragTo(cards.nth(0));
    await page.getByRole('status').filter({ hasText: 'Now picture 1 of 3, the main picture.' }).waitFor();
    expect(await shown()).toEqual(['two.png', 'one.png', 'three.png']);
    expect(await cards.first().textContent()).toContain('main');
    await shot('4-reordered');

    const { product: stored } = await merchant.products.getProduct(product?._id as string);
    expect(stored?.media?.items?.map((mediaItem) => mediaItem.image?.url?.split('/').pop())).toEqual(['two.png', 'one.png', 'three.png']);
    expect(stored?.media?.mainMedia?.image?.url).toMatch(/\/two\.png$/);

    // the shop's gallery: the main picture first, the thumbnails in the same order
    await page.goto(`${server.url}/products/${product?.slug}`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('.gallery__stage img').getAttribute('src')).toMatch(/\/two\.png$/);
    const thumbs = await page
      .locator('.gallery__thumbs img')
      .evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src.split('/').pop()));
    expect(thumbs).toEqual(['two.png', 'one.png', 'three.png']);
    expect(errors).toEqual([]);
  }, 120_000);

  it('names every problem by its field and sends nothing until they are fixed', async () => {
    await openConsole('/products/new');
    await form().getByLabel('Price (USD)').fill('12.345');
    await form().getByRole('button', { name: 'Add an option' }).click();
    await form().getByRole('button', { name: 'Create the product' }).click();
    await form().getByRole('alert').filter({ hasText: '4 fields need your attention.' }).waitFor();
    const name = form().getByLabel('Name', { exact: true });
    expect(await name.getAttribute('aria-invalid')).toBe('true');
    expect(await form().getByText('Give the product a name.').count()).toBe(1);
    expect(await form().getByText('Type an amount like 12.50.').count()).toBe(1);
    expect(await form().getByText('Name the option, like "Size".').count()).toBe(1);
    expect(await form().getByText('Name the choice, or remove it.').count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/console/products/new');
    expect(errors).toEqual([]);
  }, 60_000);

  it("shows the server's refusal (a slug already taken) and keeps what was typed", async () => {
    const merchant = merchantClient(server);
    await merchant.products.createProduct({ name: 'Taken', slug: 'taken-slug', priceData: { price: 1 } });
    await openConsole('/products/new');
    await form().getByLabel('Name', { exact: true }).fill('Another');
    await form().getByLabel('Web address (slug)').fill('taken-slug');
    await form().getByLabel('Price (USD)').fill('5');
    await form().getByRole('button', { name: 'Create the product' }).click();
    await form().getByRole('alert').filter({ hasText: 'The product was not saved' }).waitFor();
    expect(await form().getByLabel('Name', { exact: true }).inputValue()).toBe('Another');
    // the one error the page saw is the refused request itself
    expect(errors.every((error) => /status of 409/.test(error))).toBe(true);
  }, 60_000);

  it('asks before deleting, and the product leaves the shop', async () => {
    const merchant = merchantClient(server);
    const { product } = await merchant.products.createProduct({ name: 'Doomed Dish', priceData: { price: 8 } });
    await openConsole(`/products/${product?._id}`);
    await page.getByRole('heading', { level: 1, name: 'Doomed Dish' }).waitFor();
    page.once('dialog', (dialog) => dialog.dismiss());
    await page.getByRole('button', { name: 'Delete this product…' }).click();
    expect(new URL(page.url()).pathname).toBe(`/console/products/${product?._id}`);
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: 'Delete this product…' }).click();
    await page.waitForURL(`${server.url}/console/products`);
    const gone = await fetch(`${server.url}/stores-reader/v1/products/${product?._id}`, { headers: { authorization: server.apiKey } });
    expect(gone.status).toBe(404);
    expect(errors).toEqual([]);
  }, 60_000);
});
