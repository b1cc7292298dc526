/**
 * The search pages' finishing touches in Chromium (#22) on the demo shop: colour facets as swatches
 * that filter, the phone filter drawer as a modal (focus inside, Tab cycles, page behind inert,
 * Escape back to "Filter"), and a search with no results. Screenshots go to e2e/artifacts/.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium } from '../../../packages/server/test/support/browser.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { startStorefrontServer } from './storefront-server.js';

const ARTIFACTS = fileURLToPath(new URL('../../../e2e/artifacts/', import.meta.url));

let server: TestServer;
let chromium: { browser: BrowserContext; close(): Promise<void> };
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  await mkdir(ARTIFACTS, { recursive: true });
  server = await startStorefrontServer();
  chromium = await launchChromium();
  page = await chromium.browser.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

const shot = (name: string, fullPage = false) => page.screenshot({ path: `${ARTIFACTS}search-details-${name}.png`, fullPage });
const hydrated = () => page.waitForSelector('html[data-hydrated="true"]');
const shownTotal = async () => Number(/^(\d+)/.exec((await page.locator('.listing__count').textContent()) ?? '')?.[1]);
const colorFacet = () => page.locator('fieldset.facet', { has: page.locator('legend', { hasText: 'Color' }) });
/** The computed background colour of an element. */
const fill = (selector: string) =>
  page
    .locator(selector)
    .first()
    .evaluate((e) => getComputedStyle(e).backgroundColor);

describe('colour swatches', () => {
  it('shows each colour of the facet as a swatch beside its name, and choosing one filters', async () => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/search?q=mug`);
    await hydrated();
    const white = colorFacet().locator('.facet__value', { has: page.getByRole('checkbox', { name: /^White\b/ }) });
    // the swatch is the demo's white, the name is what a screen reader hears
    expect(await white.locator('.facet__swatch').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(242, 241, 236)');
    expect(await colorFacet().locator('.facet__swatch').count()).toBe(await colorFacet().getByRole('checkbox').count());
    const count = Number(await white.locator('.facet__count [aria-hidden="true"]').textContent());
    await shot('1-color-facet');
    await colorFacet()
      .getByRole('checkbox', { name: /^White\b/ })
      .check();
    await page.waitForURL((u) => u.searchParams.getAll('o.Color').includes('White'));
    await page.waitForFunction((n) => document.querySelector('.listing__count')?.textContent?.startsWith(`${n} `), count);
    expect(await shownTotal()).toBe(count);
    await shot('2-color-chosen');
  }, 60_000);

  it('shows the product page’s colour choices as swatches of their colour, named, the chosen one marked', async () => {
    await page.goto(`${server.url}/products/classic-diner-mug`);
    await hydrated();
    const colors = page.getByRole('group', { name: /^Color/ });
    const sky = colors.getByRole('button', { name: 'Sky', exact: true });
    expect(await sky.locator('.swatch__color').evaluate((e) => getComputedStyle(e).backgroundColor)).toBe('rgb(111, 168, 220)');
    await sky.click();
    await page.waitForFunction(() => document.querySelector('button[aria-label="Sky"]')?.getAttribute('aria-pressed') === 'true');
    expect(await colors.locator('legend').textContent()).toBe('Color: Sky');
    await shot('3-product-swatches');
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
        .evaluate((e) => !!e.closest('[inert]')),
    ).toBe(true);
    expect(await page.locator('.listing__results').evaluate((e) => !!e.closest('[inert]'))).toBe(true);
    expect(await drawer.evaluate((e) => !!e.closest('[inert]'))).toBe(false);
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
    await shot('4-phone-drawer-focus');
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
      await shot(`5-empty-${viewport.width}`, true);
    }
    await page.locator('.empty-state').getByRole('link', { name: 'Clear filters' }).click();
    await page.waitForURL((u) => !u.searchParams.has('inStock') && u.searchParams.get('q') === 'zzqxv wombat');
    await page.locator('.empty-state').getByRole('link', { name: 'Clear filters' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 2, name: 'No results for “zzqxv wombat”' }).waitFor();
    expect(errors).toEqual([]);
  }, 90_000);
});
