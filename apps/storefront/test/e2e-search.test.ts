/**
 * Search and facets in Chromium (#22) on the demo shop, one server for all: the header's combobox by
 * keyboard (a typo still suggests), facets whose counts are what ticking them shows, chips and
 * "Clear all", the state in the URL (server-rendered, reload, back), the phone's filter drawer (a modal:
 * focus inside, Tab cycles, the page behind inert), colour facets as swatches, and a search with no results.
 * Screenshots go to e2e/artifacts/ (git-ignored) at the repository root.
 */
import type { Page } from 'playwright-core';
import { beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { ARTIFACTS, storefrontPageForFile } from './storefront-page.js';

const shop = storefrontPageForFile();
const { errors } = shop;
let server: TestServer;
let page: Page;
beforeAll(() => {
  server = shop.server;
  page = shop.page;
});

const shot = (name: string, fullPage = false) => page.screenshot({ path: `${ARTIFACTS}search-${name}.png`, fullPage });
const hydrated = () => page.waitForSelector('html[data-hydrated="true"]');
const params = () => new URL(page.url()).searchParams;
/** The listing's "N products" line, as a number. */
const shownTotal = async () => Number(/^(\d+)/.exec((await page.locator('.listing__count').textContent()) ?? '')?.[1]);
const cardNames = () => page.locator('.product-grid h2, .product-grid h3').allTextContents();
/** A facet checkbox's count, read from its label ("White 3, 3 products"). */
async function facetCount(group: string, value: string): Promise<number> {
  const label = page
    .locator('fieldset.facet', { has: page.locator('legend', { hasText: group }) })
    .locator('label', { hasText: value })
    .first();
  return Number(await label.locator('.facet__count [aria-hidden="true"]').textContent());
}
const facet = (group: string, value: string) =>
  page.locator('fieldset.facet', { has: page.locator('legend', { hasText: group }) }).getByRole('checkbox', { name: value });
/** Waits for the listing to settle after a navigation. */
const settled = () => page.waitForFunction(() => !document.querySelector('[aria-busy="true"]'));

describe('the search box', () => {
  it('suggests products for a typo and opens the one chosen by keyboard', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/`);
    await hydrated();
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.focus();
    await page.keyboard.type('mugg');
    const listbox = page.getByRole('listbox', { name: 'Matching products' });
    await listbox.waitFor();
    expect(await search.getAttribute('aria-expanded')).toBe('true');
    const names = await listbox.locator('.search-box__option--product .search-box__name').allTextContents();
    expect(names.length).toBeGreaterThan(0);
    expect(names.some((name) => /mug/i.test(name))).toBe(true);
    // each product shows its price; the screen reader hears how many there are
    expect(await listbox.locator('.search-box__option--product .search-box__price').first().textContent()).toMatch(/\$\d/);
    expect(await page.locator('.search-box [role="status"]').textContent()).toMatch(new RegExp(`^${names.length} products?`));
    await page.keyboard.press('ArrowDown');
    const first = listbox.getByRole('option').first();
    expect(await search.getAttribute('aria-activedescendant')).toBe(await first.getAttribute('id'));
    expect(await first.getAttribute('aria-selected')).toBe('true');
    await shot('1-suggestions');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/products\/[\w-]+$/);
    await page.getByRole('heading', { level: 1, name: names[0] }).waitFor();
  }, 60_000);

  it('lists matching collections, closes on Escape, and goes to the results page on Enter', async () => {
    const search = page.getByRole('combobox', { name: 'Search products' });
    await search.focus();
    await page.keyboard.type('hoodies');
    const listbox = page.getByRole('listbox', { name: 'Matching products' });
    await listbox.waitFor();
    expect(await listbox.locator('.search-box__option--collection').allTextContents()).toContainEqual(expect.stringMatching(/Hoodies/));
    await page.keyboard.press('Escape');
    expect(await search.getAttribute('aria-expanded')).toBe('false');
    await listbox.waitFor({ state: 'hidden' });
    await page.keyboard.press('Enter');
    await page.waitForURL((url) => url.pathname === '/search' && url.searchParams.get('q') === 'hoodies');
    await page.getByRole('heading', { level: 1, name: 'Results for “hoodies”' }).waitFor();
    expect(await shownTotal()).toBeGreaterThan(0);
  }, 60_000);
});

describe('facets', () => {
  it('narrow with counts that match what they show, as removable chips, and clear all', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/search?q=mug`);
    await hydrated();
    const before = await shownTotal();
    // ticking a colour shows exactly the products its count promised
    const white = await facetCount('Color', 'White');
    expect(white).toBeGreaterThan(0);
    expect(white).toBeLessThanOrEqual(before);
    await facet('Color', 'White').check();
    await page.waitForURL((url) => url.searchParams.getAll('o.Color').includes('White'));
    await settled();
    expect(await shownTotal()).toBe(white);
    expect((await cardNames()).length).toBe(Math.min(white, 12));
    // a second facet narrows further, to its own count
    const inStock = await facetCount('Availability', 'In stock only');
    await facet('Availability', 'In stock only').check();
    await page.waitForURL((url) => url.searchParams.get('inStock') === '1');
    await settled();
    expect(await shownTotal()).toBe(inStock);
    const chips = page.getByRole('list', { name: 'Active filters' });
    expect(await chips.getByRole('link', { name: /^Remove filter/ }).allTextContents()).toEqual([
      'Remove filter Color: White×',
      'Remove filter In stock only×',
    ]);
    await page.evaluate(() => window.scrollTo(0, 0));
    await shot('2-facets-chips', true);

    // removing a chip takes only that filter away
    await chips.getByRole('link', { name: 'Remove filter Color: White' }).click();
    await page.waitForURL((url) => !url.searchParams.has('o.Color'));
    await settled();
    expect(params().get('inStock')).toBe('1');
    expect(params().get('q')).toBe('mug');
    expect(await facet('Color', 'White').isChecked()).toBe(false);
    // "Clear all" keeps the words
    await chips.getByRole('link', { name: 'Clear all' }).click();
    await page.waitForURL((url) => !url.searchParams.has('inStock'));
    await settled();
    expect(params().get('q')).toBe('mug');
    expect(await shownTotal()).toBe(before);
    expect(await page.getByRole('list', { name: 'Active filters' }).count()).toBe(0);
  }, 60_000);

  it('keep their state in the URL: rendered by the server, through a reload and the back button', async () => {
    const path = '/collections/mugs?o.Color=White&price=-25';
    // the server's HTML already has the boxes ticked and the chips
    const html = await (await fetch(`${server.url}${path}`)).text();
    expect(html).toMatch(/Remove filter <\/span>Color: White/);
    expect(html).toMatch(/Remove filter <\/span>Price: Under \$25</);
    expect(html).toMatch(/<input[^>]*name="o\.Color"[^>]*value="White"[^>]*checked/);

    await page.goto(`${server.url}/collections/mugs`);
    await hydrated();
    const all = await shownTotal();
    await page.goto(`${server.url}${path}`);
    await hydrated();
    const narrowed = await shownTotal();
    expect(narrowed).toBeLessThan(all);
    await page.reload();
    await hydrated();
    expect(await facet('Color', 'White').isChecked()).toBe(true);
    expect(await shownTotal()).toBe(narrowed);
    // one more filter, then back: the earlier state returns, boxes included
    await facet('Availability', 'In stock only').check();
    await page.waitForURL((url) => url.searchParams.get('inStock') === '1');
    await settled();
    await page.goBack();
    await page.waitForURL((url) => !url.searchParams.has('inStock'));
    await settled();
    expect(await shownTotal()).toBe(narrowed);
    expect(await facet('Availability', 'In stock only').isChecked()).toBe(false);
    expect(await facet('Color', 'White').isChecked()).toBe(true);
  }, 60_000);
});

describe('on a phone', () => {
  it('shows products first and the filters in a drawer behind "Filter (n)"', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/products`);
    await hydrated();
    const total = await shownTotal();
    // the first screen shows a product, not the filters
    const firstCard = page.locator('.product-grid > li').first();
    const box = await firstCard.boundingBox();
    expect(box && box.y < 844).toBe(true);
    expect(await page.getByRole('group', { name: 'Color' }).isVisible()).toBe(false);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await shot('3-phone-listing');

    const toggle = page.getByRole('button', { name: `Filter (${total})` });
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    expect(await toggle.getAttribute('aria-expanded')).toBe('true');
    const black = await facetCount('Color', 'Black');
    await facet('Color', 'Black').check();
    await page.waitForURL((url) => url.searchParams.getAll('o.Color').includes('Black'));
    // the drawer stays open while the shopper narrows, and says what it will show
    await drawer.getByRole('button', { name: `Show ${black} results` }).waitFor();
    await shot('4-phone-drawer');
    await drawer.getByRole('button', { name: `Show ${black} results` }).click();
    await drawer.waitFor({ state: 'hidden' });
    expect(await shownTotal()).toBe(black);
    await page.getByRole('button', { name: `Filter (${black})` }).waitFor();
    expect(
      await page.getByRole('list', { name: 'Active filters' }).getByRole('link', { name: 'Remove filter Color: Black' }).isVisible(),
    ).toBe(true);
    await shot('5-phone-filtered');
    // Escape closes it too, and focus returns to the button
    await page.getByRole('button', { name: `Filter (${black})` }).click();
    await drawer.waitFor();
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Filter (${black})`);
    expect(errors).toEqual([]);
  }, 60_000);
});

const colorFacet = () => page.locator('fieldset.facet', { has: page.locator('legend', { hasText: 'Color' }) });
/** The computed background colour of an element. */
const fill = (selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

describe('colour swatches', () => {
  it('shows each colour of the facet as a swatch beside its name, and choosing one filters', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/search?q=mug`);
    await hydrated();
    const white = colorFacet().locator('.facet__value', { has: page.getByRole('checkbox', { name: /^White\b/ }) });
    // the swatch is the demo's white, the name is what a screen reader hears
    expect(await white.locator('.facet__swatch').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe(
      'rgb(242, 241, 236)',
    );
    expect(await colorFacet().locator('.facet__swatch').count()).toBe(await colorFacet().getByRole('checkbox').count());
    const count = Number(await white.locator('.facet__count [aria-hidden="true"]').textContent());
    await shot('details-1-color-facet');
    await colorFacet()
      .getByRole('checkbox', { name: /^White\b/ })
      .check();
    await page.waitForURL((url) => url.searchParams.getAll('o.Color').includes('White'));
    await page.waitForFunction((expected) => document.querySelector('.listing__count')?.textContent?.startsWith(`${expected} `), count);
    expect(await shownTotal()).toBe(count);
    await shot('details-2-color-chosen');
  }, 60_000);

  it('shows the product page’s colour choices as swatches of their colour, named, the chosen one marked', async () => {
    await page.goto(`${server.url}/products/classic-diner-mug`);
    await hydrated();
    const colors = page.getByRole('group', { name: /^Color/ });
    const sky = colors.getByRole('button', { name: 'Sky', exact: true });
    expect(await sky.locator('.swatch__color').evaluate((element) => getComputedStyle(element).backgroundColor)).toBe('rgb(111, 168, 220)');
    await sky.click();
    await page.waitForFunction(() => document.querySelector('button[aria-label="Sky"]')?.getAttribute('aria-pressed') === 'true');
    expect(await colors.locator('legend').textContent()).toBe('Color: Sky');
    await shot('details-3-product-swatches');
    expect(await fill('.swatch[aria-pressed="true"] .swatch__color')).toBe('rgb(111, 168, 220)');
  }, 60_000);
});

describe('the phone filter drawer', () => {
  it('takes focus, keeps Tab inside, makes the page behind inert, and Escape returns to "Filter"', async () => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/products`);
    await hydrated();
    const total = await shownTotal();
    const toggle = page.getByRole('button', { name: `Filter (${total})` });
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    const focusInDrawer = () => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
    await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]'));
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Close filters');
    // the page behind: the header and the products cannot be reached
    expect(
      await page
        .locator('header.site-header')
        .first()
        .evaluate((element) => !!element.closest('[inert]')),
    ).toBe(true);
    expect(await page.locator('.listing__results').evaluate((element) => !!element.closest('[inert]'))).toBe(true);
    expect(await drawer.evaluate((element) => !!element.closest('[inert]'))).toBe(false);
    // Shift+Tab from the first control goes round to the last ("Show N results"), Tab comes back
    await page.keyboard.press('Shift+Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe(`Show ${total} results`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Close filters');
    const controls = await drawer.locator('button, input:not([disabled]), select, a[href]').count();
    for (let i = 0; i < controls + 2; i++) {
      await page.keyboard.press('Tab');
      expect(await focusInDrawer()).toBe(true);
    }
    await shot('details-4-phone-drawer-focus');
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await page.waitForFunction((name) => document.activeElement?.textContent === name, `Filter (${total})`);
    expect(await page.locator('[inert]').count()).toBe(0);
  }, 60_000);
});

describe('a search with no results', () => {
  it('names the words searched, says what to try, clears the filters, and offers collections and products', async () => {
    for (const viewport of [
      { width: 1280, height: 900 },
      { width: 390, height: 844 },
    ]) {
      await page.setViewportSize(viewport);
      await page.goto(`${server.url}/search?q=zzqxv+wombat&inStock=1`);
      await hydrated();
      await page.getByRole('heading', { level: 2, name: 'No results for “zzqxv wombat”' }).waitFor();
      const empty = page.locator('.empty-state');
      expect(await empty.textContent()).toMatch(/Check the spelling/);
      expect(await empty.textContent()).toMatch(/fewer or more general words/);
      expect(await empty.getByRole('navigation', { name: 'Browse collections' }).getByRole('link').count()).toBeGreaterThan(2);
      expect(await empty.getByRole('list', { name: 'New in the shop' }).getByRole('listitem').count()).toBe(4);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      await shot(`details-5-empty-${viewport.width}`, true);
    }
    await page.locator('.empty-state').getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((url) => !url.searchParams.has('inStock') && url.searchParams.get('q') === 'zzqxv wombat');
    await page.locator('.empty-state').getByRole('link', { name: 'Clear filters' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2, name: 'No results for “zzqxv wombat”' }).waitFor();
    expect(errors).toEqual([]);
  }, 90_000);
});
