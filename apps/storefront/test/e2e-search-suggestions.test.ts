/**
 * The header combobox's collection rows in Chromium (#22): a collection with a picture shows it
 * where products show theirs; one without is a clean text row with its "Collection" label (no empty
 * square), on a desktop and on a phone. Screenshots go to e2e/artifacts/ (git-ignored).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { merchantOf } from '../../../packages/server/test/support/search-catalog.js';
import { ARTIFACTS, storefrontPageForFile } from './storefront-page.js';

const shop = storefrontPageForFile();

beforeAll(async () => {
  // The demo's "Hoodies & sweatshirts" has a picture; this one has none.
  await merchantOf(shop.server).products.createCollection({ name: 'Hoodie archive', visible: true });
});

/** Types `text` into the header's search box and answers its list of suggestions. */
async function suggest(text: string) {
  const { page, server } = shop;
  await page.goto(`${server.url}/`);
  await page.waitForSelector('html[data-hydrated="true"]');
  await page.getByRole('combobox', { name: 'Search products' }).fill(text);
  const listbox = page.getByRole('listbox', { name: 'Matching products' });
  await listbox.locator('.search-box__option--collection', { hasText: 'Hoodie archive' }).waitFor();
  return listbox;
}

const collectionRow = (listbox: Awaited<ReturnType<typeof suggest>>, name: string) =>
  listbox.locator('.search-box__option--collection', { hasText: name });

describe('collection suggestions', () => {
  for (const [device, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    it(`shows a collection's picture, or a text row without a square (${device})`, async () => {
      await shop.page.setViewportSize(viewport);
      const listbox = await suggest('hood');
      const pictured = collectionRow(listbox, 'Hoodies & sweatshirts');
      expect(await pictured.locator('img').getAttribute('src')).toMatch(/\S/);
      const plain = collectionRow(listbox, 'Hoodie archive');
      expect(await plain.locator('img, .search-box__noimg').count()).toBe(0);
      expect(await plain.locator('.search-box__kind').textContent()).toBe('Collection');
      // the name starts where the row starts: no empty column before it
      const [row, name] = await Promise.all([plain.boundingBox(), plain.locator('.search-box__name').boundingBox()]);
      expect((name?.x ?? 0) - (row?.x ?? 0)).toBeLessThan(16);
      await shop.page.screenshot({ path: `${ARTIFACTS}search-suggestions-${device}.png` });
      expect(shop.errors).toEqual([]);
    }, 60_000);
  }
});
