/**
 * Estimated facet counts in Chromium (#22): a server that counts facets exactly over a few matches
 * only (SEARCH_EXACT_FACETS_UP_TO) answers the demo shop's full listing with estimates
 * (`facets.exhaustive: false`); the listing shows them as "~N" (a screen reader hears "about N
 * products") and keeps every value choosable, on a desktop and in the phone's drawer. Screenshots go
 * to e2e/artifacts/ (git-ignored).
 */
import { describe, expect, it } from 'vitest';
import { ARTIFACTS, storefrontPageForFile } from './storefront-page.js';

const shop = storefrontPageForFile({ SEARCH_EXACT_FACETS_UP_TO: '4' });

const counts = () => shop.page.locator('fieldset.facet .facet__count');

describe('estimated facet counts', () => {
  it('shows them as approximate on a desktop, every value still choosable', async () => {
    const { page, server } = shop;
    await page.setViewportSize({ width: 1280, height: 900 });
    await page.goto(`${server.url}/products`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const shown = await counts().locator('[aria-hidden="true"]').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(text).toMatch(/^~\d+$/);
    const spoken = await counts().locator('.visually-hidden').allTextContents();
    for (const text of spoken) expect(text).toMatch(/^, about \d+ products$/);
    expect(await page.locator('fieldset.facet input[type="checkbox"][disabled]').count()).toBe(0);
    await page.screenshot({ path: `${ARTIFACTS}search-estimates-desktop.png`, fullPage: true });
  }, 60_000);

  it('shows them as approximate in the phone drawer', async () => {
    const { page, server } = shop;
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/products`);
    await page.waitForSelector('html[data-hydrated="true"]');
    await page.getByRole('button', { name: /^Filter \(\d+\)$/ }).click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.waitFor();
    const shown = await drawer.locator('.facet__count [aria-hidden="true"]').allTextContents();
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) expect(text).toMatch(/^~\d+$/);
    await page.screenshot({ path: `${ARTIFACTS}search-estimates-phone.png` });
  }, 60_000);

  it('says "about" of a narrowed listing\'s estimated total, on the count, the Filter button and the drawer\'s button', async () => {
    const { page, server } = shop;
    await page.setViewportSize({ width: 390, height: 844 });
    // in stock narrows the listing: its total is estimated from the first few products past the bound
    await page.goto(`${server.url}/products?inStock=1`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await page.locator('.listing__count').textContent()).toMatch(/^about \d+ products/);
    const toggle = page.getByRole('button', { name: /^Filter \(\s*about \d+\s*\)$/ });
    expect(await toggle.locator('[aria-hidden="true"]').textContent()).toMatch(/^~\d+$/);
    await toggle.click();
    const drawer = page.getByRole('dialog', { name: 'Filters' });
    await drawer.getByRole('button', { name: /^Show about \d+ results$/ }).waitFor();
    await page.screenshot({ path: `${ARTIFACTS}search-estimates-narrowed-phone.png` });
    // the whole listing (no narrowing) keeps its exact total
    await page.goto(`${server.url}/products`);
    expect(await page.locator('.listing__count').textContent()).toMatch(/^\d+ products/);
  }, 60_000);
});
