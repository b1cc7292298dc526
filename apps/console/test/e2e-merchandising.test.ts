/**
 * The console's catalogue-wide tools in Chromium, checked in the storefront on the same server:
 * prices raised by 10 % in bulk (previewed, rounded as the shop charges); a coupon made in the
 * console applied in the shopper's cart; a collection made and filled in the console, its picture
 * uploaded, replaced by an address and removed (#7), listed in the shop with that picture.
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

const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}console-merch-${name}.png`, fullPage: true });
const hydrated = () => page.waitForSelector('html[data-hydrated="true"]');

/** A visible product made through the merchant API; answers its id and slug. */
async function product(name: string, price: number) {
  const { product: made } = await merchantClient(server).products.createProduct({ name, priceData: { price } });
  return { id: made?._id as string, slug: made?.slug as string };
}

describe('bulk price changes', () => {
  it('raises the ticked products by 10 %, previewed and rounded as the shop then charges', async () => {
    const run = crypto.randomUUID().slice(0, 6);
    const bowl = await product(`Bulk Bowl ${run}`, 19.99);
    await product(`Bulk Cup ${run}`, 0.05);
    await product(`Bulk Jug ${run}`, 7);
    await page.goto(`${server.url}/console/products?q=${run}`);
    const rows = page.getByTestId('product-row');
    await expect.poll(() => rows.count()).toBe(3);
    await page.getByLabel(`Tick Bulk Bowl ${run}`).check();
    await page.getByLabel(`Tick Bulk Cup ${run}`).check();

    const bulk = page.getByRole('form', { name: 'Bulk change' });
    await bulk.getByLabel('Change', { exact: true }).selectOption('price');
    await bulk.getByLabel('How').selectOption('percent');
    await bulk.getByLabel(/^Change \(%/).fill('10');
    const preview = page.getByRole('table', { name: 'Preview' });
    await expect
      .poll(() => preview.getByTestId('preview-row').allTextContents())
      .toEqual([`Bulk Bowl ${run}$19.99$21.99`, `Bulk Cup ${run}$0.05$0.06`]);
    await shot('1-bulk-preview');
    await bulk.getByRole('button', { name: 'Apply to 2 products' }).click();
    await page.getByRole('status').filter({ hasText: 'Price changed on 2 products.' }).waitFor();
    // the list shows the new prices; the unticked product kept its own
    await expect
      .poll(() => rows.allTextContents())
      .toEqual(
        expect.arrayContaining([expect.stringContaining('$21.99'), expect.stringContaining('$0.06'), expect.stringContaining('$7.00')]),
      );

    await page.goto(`${server.url}/products/${bowl.slug}`);
    await hydrated();
    expect(await page.getByTestId('product-price').textContent()).toContain('$21.99');
    expect(errors).toEqual([]);
  }, 90_000);
});

describe('coupons', () => {
  it('makes a coupon in the console that takes 10 % off in the shopper’s cart', async () => {
    const code = `CONSOLE${crypto.randomUUID().slice(0, 4).toUpperCase()}`;
    const item = await product(`Coupon Carafe ${code}`, 30);
    await page.goto(`${server.url}/console/coupons`);
    await page.getByRole('link', { name: 'New coupon' }).click();
    const form = page.getByRole('form', { name: 'Coupon' });
    await form.getByLabel('Code', { exact: true }).fill(code);
    await form.getByLabel('Name', { exact: true }).fill('Console ten');
    await form.getByLabel('What it gives').selectOption('PERCENT');
    await form.getByLabel('Percentage off').fill('10');
    await form.getByLabel('Uses in all').fill('50');
    await shot('2-coupon');
    await form.getByRole('button', { name: 'Create the coupon' }).click();
    await page.waitForURL(`${server.url}/console/coupons`);
    const row = page.getByTestId('coupon-row').filter({ hasText: code });
    await row.waitFor();
    expect(await row.textContent()).toContain('10 % off');
    expect(await row.textContent()).toContain('0 of 50');

    // the shopper: the product into the cart, the code applied
    await page.goto(`${server.url}/products/${item.slug}`);
    await hydrated();
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.add-to-cart__button')?.disabled);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    await page.getByRole('dialog', { name: 'Your cart' }).getByTestId('cart-line').waitFor();
    await page.goto(`${server.url}/cart`);
    await hydrated();
    await page.getByTestId('cart-total').waitFor();
    await page.getByLabel('Coupon code').fill(code.toLowerCase());
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.getByTestId('applied-coupon').waitFor();
    await page.waitForFunction(() => document.querySelector('[data-testid="cart-total"]')?.textContent?.includes('$27.00'));
    expect(errors).toEqual([]);
  }, 90_000);

  it("names the form's problems, shows the server's refusal of a code already in use, and deletes a coupon", async () => {
    const taken = `TAKEN${crypto.randomUUID().slice(0, 4).toUpperCase()}`;
    await server.services.pricing.coupons.create({ code: taken, name: 'First', kind: 'AMOUNT', value: '5' });
    await page.goto(`${server.url}/console/coupons/new`);
    const form = page.getByRole('form', { name: 'Coupon' });
    await form.getByLabel('Code', { exact: true }).fill('two words');
    await form.getByLabel('Percentage off').fill('120');
    await form.getByRole('button', { name: 'Create the coupon' }).click();
    await form.getByRole('alert').filter({ hasText: '3 fields need your attention.' }).waitFor();
    expect(await form.getByText('A code has no spaces.').count()).toBe(1);
    expect(await form.getByText('A percentage is above 0 and at most 100.').count()).toBe(1);

    await form.getByLabel('Code', { exact: true }).fill(taken.toLowerCase());
    await form.getByLabel('Name', { exact: true }).fill('Second');
    await form.getByLabel('Percentage off').fill('5');
    await form.getByRole('button', { name: 'Create the coupon' }).click();
    await form.getByRole('alert').filter({ hasText: 'The coupon was not saved' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/console/coupons/new');

    // the first one, deleted after confirmation
    await page.goto(`${server.url}/console/coupons`);
    await page.getByRole('link', { name: taken }).click();
    await page.getByRole('heading', { level: 1, name: `Coupon ${taken}` }).waitFor();
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: 'Delete this coupon…' }).click();
    await page.waitForURL(`${server.url}/console/coupons`);
    await expect.poll(() => page.getByTestId('coupon-row').filter({ hasText: taken }).count()).toBe(0);
    expect(errors.length).toBe(1);
    expect(errors[0]).toMatch(/status of 409/);
  }, 60_000);
});

describe('collections', () => {
  it('makes a collection, fills it, gives it a picture, and the shop lists it with its products and picture', async () => {
    const run = crypto.randomUUID().slice(0, 6);
    await product(`Teal Tray ${run}`, 12);
    await page.goto(`${server.url}/console/collections`);
    await page.getByLabel('New collection’s name').fill(`Trays ${run}`);
    await page.getByRole('button', { name: 'Make the collection' }).click();
    await page.getByRole('heading', { level: 1, name: `Trays ${run}` }).waitFor();
    const editor = page.url();
    const slug = await page.getByLabel('Web address (slug)').inputValue();
    const stored = async () => (await merchantClient(server).products.getCollectionBySlug(slug)).collection?.media;

    // the picture: uploaded, then replaced by an address (a wrong one named first), then removed
    await page.getByLabel('Upload a picture…').setInputFiles({ name: 'trays.png', mimeType: 'image/png', buffer: pngImage(30, 20) });
    const picture = page.getByTestId('collection-picture').locator('img');
    await expect.poll(() => picture.getAttribute('src')).toMatch(/\/trays\.png$/);
    const uploaded = (await picture.getAttribute('src')) as string;
    expect((await stored())?.mainMedia?.image).toMatchObject({ url: uploaded, width: 30, height: 20 });
    await page.getByRole('button', { name: 'Remove the picture' }).click();
    await page.getByText('No picture: the shop shows the collection’s name alone.').waitFor();
    expect(await stored()).toEqual({ items: [] });
    const byAddress = page.getByRole('form', { name: 'Use a picture from the web' });
    await byAddress.getByLabel('Picture address').fill('cdn.example/trays.png');
    await byAddress.getByRole('button', { name: 'Use this picture' }).click();
    await byAddress.getByText('The address starts with https:// (or http://).').waitFor();
    await byAddress.getByLabel('Picture address').fill(uploaded);
    await byAddress.getByRole('button', { name: 'Use this picture' }).click();
    await expect.poll(() => picture.getAttribute('src')).toBe(uploaded);
    expect((await stored())?.mainMedia?.image?.url).toBe(uploaded);

    await page.getByLabel('Product name').fill(`Teal Tray ${run}`);
    await page.getByRole('button', { name: 'Find' }).click();
    await page.getByRole('button', { name: `Add Teal Tray ${run}` }).click();
    await page
      .getByTestId('member-row')
      .filter({ hasText: `Teal Tray ${run}` })
      .waitFor();
    await shot('3-collection');

    await page.goto(`${server.url}/collections/${slug}`);
    await hydrated();
    await page.getByRole('heading', { level: 1, name: `Trays ${run}` }).waitFor();
    await page
      .getByRole('link', { name: new RegExp(`Teal Tray ${run}`) })
      .first()
      .waitFor();
    // the picture: in the page's shared-link preview, and on the collection's tile on the home page
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toBe(uploaded);
    await page.goto(`${server.url}/`);
    await hydrated();
    const tile = page.getByRole('link', { name: new RegExp(`Trays ${run}`) });
    expect(await tile.locator('img').getAttribute('src')).toBe(uploaded);

    // out again, and deleted after confirmation
    await page.goto(editor);
    await page.getByRole('button', { name: `Remove Teal Tray ${run} from Trays ${run}` }).click();
    await page.getByText('No products yet: add some below.').waitFor();
    page.once('dialog', (dialog) => dialog.accept());
    await page.getByRole('button', { name: 'Delete this collection…' }).click();
    await page.waitForURL(`${server.url}/console/collections`);
    expect(
      await page
        .getByTestId('collection-row')
        .filter({ hasText: `Trays ${run}` })
        .count(),
    ).toBe(0);
    expect(errors).toEqual([]);
  }, 90_000);
});
