/**
 * A shopper in Chromium on the server-rendered, hydrated storefront with the demo shop: home →
 * listing → filters → sort → page 2 → product → variant → search as you type with the keyboard.
 * Each page's screenshot is kept under e2e/artifacts/ (git-ignored) at the repository root.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { ARTIFACTS, fullPageShot, storefrontPageForFile } from './storefront-page.js';

const storefront = storefrontPageForFile();
let server: TestServer;
let page: Page;

beforeAll(async () => {
  ({ server, page } = storefront);
  await page.setViewportSize({ width: 1280, height: 900 });
});

/** A full-page screenshot once every picture (lazy ones included) has arrived. */
async function shot(name: string): Promise<void> {
  await fullPageShot(page, `${ARTIFACTS}storefront-${name}.png`);
}
const params = () => new URL(page.url()).searchParams;
const hydrated = () => page.waitForSelector('html[data-hydrated="true"]');
/** Prices shown on the listing's cards, in order. */
const cardPrices = () =>
  page.$$eval('.product-grid .price__current', (els) => els.map((element) => Number((element.textContent ?? '').replace(/[^\d.]/g, ''))));

describe('browsing the storefront in Chromium', () => {
  it('goes from the home page through a filtered, sorted listing to a product and its variants, then searches', async () => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    // hydration mismatches and failed requests show up as console errors
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    await page.goto(`${server.url}/`);
    await hydrated();
    expect(await page.textContent('h1')).toBe('Everyday goods, made to last');
    await shot('1-home');

    await page.getByRole('link', { name: 'Shop all products' }).click();
    await page.waitForURL(/\/products$/);
    await page.getByRole('heading', { level: 1, name: 'All products' }).waitFor();
    await shot('2-listing');

    // "In stock only" applies at once; the price range with Apply; sort applies at once
    await page.getByLabel('In stock only').check();
    await page.waitForURL((url) => url.searchParams.get('inStock') === '1');
    await page.getByLabel('Minimum price').fill('10');
    await page.getByLabel('Maximum price').fill('40');
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('min') === '10' && url.searchParams.get('max') === '40');
    await page.getByLabel('Sort by').selectOption('price-asc');
    await page.waitForURL((url) => url.searchParams.get('sort') === 'price-asc');
    expect(params().get('inStock')).toBe('1');
    await page.waitForSelector('.product-grid');
    const firstPage = await cardPrices();
    expect(firstPage).toEqual([...firstPage].sort((left, right) => left - right));
    await shot('3-filtered-sorted');

    await page.getByRole('navigation', { name: 'Pagination' }).getByRole('link', { name: 'Page 2' }).click();
    await page.waitForURL((url) => url.searchParams.get('page') === '2');
    await page.waitForSelector('a[aria-current="page"][aria-label="Page 2"]');
    const secondPage = await cardPrices();
    expect(secondPage.length).toBeGreaterThan(0);
    expect(secondPage.every((amount) => amount >= 10 && amount <= 40)).toBe(true);
    expect(secondPage[0]).toBeGreaterThanOrEqual(firstPage[firstPage.length - 1]);
    expect(params().get('sort')).toBe('price-asc');
    await shot('4-page-2');

    // to a product through its collection
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Mugs' }).click();
    await page.waitForURL(/\/collections\/mugs$/);
    await page.getByRole('link', { name: 'Classic Diner Mug' }).click();
    await page.waitForURL(/\/products\/classic-diner-mug$/);
    await page.getByRole('heading', { level: 1, name: 'Classic Diner Mug' }).waitFor();
    const price = page.getByTestId('product-price');
    // the first available combination is chosen (#25)
    expect(await price.textContent()).toContain('$14.00');
    expect(await price.textContent()).not.toContain('From');

    // 15 oz marks Mustard (sold out in that size), which stays clickable; White + 15 oz costs more than 11 oz
    await page.getByRole('button', { name: '15 oz', exact: true }).click();
    expect(await page.getByRole('button', { name: 'Mustard (unavailable with this selection)' }).isEnabled()).toBe(true);
    await page.getByRole('button', { name: 'White', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="product-price"]')?.textContent?.includes('$17.00'));
    await page.getByRole('button', { name: '11 oz', exact: true }).click();
    await page.waitForFunction(() => document.querySelector('[data-testid="product-price"]')?.textContent?.includes('$14.00'));
    expect(await price.textContent()).not.toContain('From');
    expect(await page.getByRole('button', { name: 'Mustard', exact: true }).isEnabled()).toBe(true);
    await shot('5-product-variant');

    // search as you type, by keyboard only
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.focus();
    await page.keyboard.type('hood');
    const listbox = page.getByRole('listbox', { name: 'Matching products' });
    await listbox.waitFor();
    const options = await listbox.getByRole('option').allTextContents();
    expect(options.length).toBeGreaterThan(1);
    // the best matches by name first; products found by their collection's words ("Hoodies & sweatshirts") may follow
    expect(options.slice(0, 2).every((option) => /hood/i.test(option))).toBe(true);
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('ArrowDown');
    expect(await search.getAttribute('aria-activedescendant')).toBe(await listbox.getByRole('option').nth(1).getAttribute('id'));
    await shot('6-search-as-you-type');
    const chosen = await listbox.getByRole('option').nth(1).locator('.search-box__name').textContent();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/products\/[\w-]+$/);
    await page.getByRole('heading', { level: 1, name: chosen ?? '' }).waitFor();
    await shot('7-search-result-product');

    // the full search page from the same box
    await search.focus();
    await page.keyboard.type('mug');
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'mug');
    await page.getByRole('heading', { level: 1, name: 'Results for “mug”' }).waitFor();
    await shot('8-search-page');

    expect(errors).toEqual([]);
    // eight pages and full-page screenshots: seconds alone, far more while the whole suite runs
  }, 120_000);
});

describe('the listing filters', () => {
  it('keep a price typed while an earlier filter is still loading, and follow the back button', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/products`);
    await hydrated();
    // hold the listing's data requests: the shopper types while "In stock only" is still loading
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route('**/products.data*', async (route) => {
      await held;
      await route.continue();
    });
    await page.getByLabel('In stock only').check();
    await page.getByLabel('Minimum price').fill('10');
    release();
    await page.waitForURL((url) => url.searchParams.get('inStock') === '1');
    await page.getByRole('heading', { level: 1, name: 'All products' }).waitFor();
    await page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));
    await page.unroute('**/products.data*');
    // the loaded listing did not wipe what was typed, and the URL has not taken it yet (no Apply)
    expect(await page.getByLabel('Minimum price').inputValue()).toBe('10');
    expect(params().has('min')).toBe(false);
    await page.getByRole('button', { name: 'Apply' }).click();
    await page.waitForURL((url) => url.searchParams.get('min') === '10');

    // back: the fields show the earlier URL's values again
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('min') || url.searchParams.get('min') === '');
    await page.waitForFunction(() => (document.getElementById('filter-min') as HTMLInputElement | null)?.value === '');
    expect(await page.getByLabel('In stock only').isChecked()).toBe(true);
  }, 60_000);
});

describe('the storefront on a phone', () => {
  it.each([
    ['home', '/'],
    ['listing', '/products?inStock=1&sort=price-asc'],
    ['product', '/products/classic-diner-mug'],
  ])('lays out the %s page without sideways scrolling', async (name, path) => {
    await page.setViewportSize({ width: 375, height: 740 });
    await page.goto(`${server.url}${path}`);
    await hydrated();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await shot(`phone-${name}`);
  });
});
