/**
 * Stored XSS through a product's rich text (#18): a description and a section written straight into
 * the database with hostile markup, as data stored before the write path sanitised it. The product
 * page, rendered on the server and reached by a client-side navigation, shows the formatting and runs
 * none of the script. A collection's description is plain text and stays text.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { announceCatalogChange } from '../../../packages/server/src/domains/catalog/bulk-load-store.js';
import { launchChromium } from '../../../packages/server/test/support/browser.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { startStorefrontServer } from './storefront-server.js';

const HOSTILE =
  '<p>Hand-<strong>thrown</strong> stoneware.</p>' +
  '<img src="/no-such-picture.png" onerror="alert(\'img\')">' +
  "<script>alert('script')</script>" +
  '<p onclick="alert(\'click\')">Click me</p>' +
  '<svg onload="alert(\'svg\')"><circle r="4"></circle></svg>' +
  '<a href="javascript:alert(\'link\')">care guide</a>' +
  '<ul><li>Dishwasher safe</li></ul>';

const COLLECTION_TEXT = 'Mugs & cups <img src="/no-such-picture.png" onerror="alert(\'collection\')">';

let server: TestServer;
let chromium: { browser: BrowserContext; close(): Promise<void> };

beforeAll(async () => {
  server = await startStorefrontServer();
  await server.database.db
    .updateTable('products')
    .set({ description: HOSTILE, additional_info_sections: JSON.stringify([{ title: 'Care', description: HOSTILE }]) })
    .where('slug', '=', 'classic-diner-mug')
    .execute();
  // A collection's description is plain text, shown as text: markup in it stays visible characters.
  await server.database.db.updateTable('collections').set({ description: COLLECTION_TEXT }).where('slug', '=', 'mugs').execute();
  // as a bulk load does: the server's catalogue cache forgets what it read before the change
  await announceCatalogChange(server.database.db);
  chromium = await launchChromium();
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});

/** A page that records every dialog (alert, confirm, prompt) it opens, and dismisses it. */
async function watchedPage(): Promise<{ page: Page; dialogs: string[] }> {
  const page = await chromium.browser.newPage();
  const dialogs: string[] = [];
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message());
    void dialog.dismiss();
  });
  return { page, dialogs };
}

/**
 * What the rendered rich text holds, once any picture in it has finished loading or failing (so an
 * `onerror` would have run by then): its scripts, images and svg, elements with event handlers, javascript: links,
 * and the formatting it shows.
 */
function richTextOf(page: Page) {
  return page.evaluate(async () => {
    const roots = [...document.querySelectorAll('.product__description, .product__section .prose')];
    const images = roots.flatMap((root) => [...root.querySelectorAll('img')]);
    await Promise.all(
      images.map((img) =>
        img.complete
          ? undefined
          : new Promise((done) => {
              img.addEventListener('load', done);
              img.addEventListener('error', done);
            }),
      ),
    );
    const all = roots.flatMap((root) => [...root.querySelectorAll('*')]);
    return {
      roots: roots.length,
      forbidden: all
        .filter((element) => element.localName === 'script' || element.localName === 'svg' || element.localName === 'img')
        .map((element) => element.outerHTML),
      handlers: all
        .filter((element) => [...element.attributes].some((attribute) => attribute.name.startsWith('on')))
        .map((element) => element.outerHTML),
      scriptLinks: all
        .filter((element) => element.getAttribute('href')?.trim().toLowerCase().startsWith('javascript:'))
        .map((element) => element.outerHTML),
      strong: roots.map((root) => root.querySelector('strong')?.textContent),
      items: roots.map((root) => root.querySelector('ul > li')?.textContent),
    };
  });
}

const SAFE = {
  roots: 2,
  forbidden: [],
  handlers: [],
  scriptLinks: [],
  strong: ['thrown', 'thrown'],
  items: ['Dishwasher safe', 'Dishwasher safe'],
};

describe('a product whose stored rich text is hostile (#18)', () => {
  it('renders on the server with its formatting and none of the script', async () => {
    const { page, dialogs } = await watchedPage();
    await page.goto(`${server.url}/products/classic-diner-mug`);
    await page.waitForSelector('html[data-hydrated="true"]');
    expect(await richTextOf(page)).toEqual(SAFE);
    expect(await page.locator('.product__description').innerHTML()).toBe(
      '<p>Hand-<strong>thrown</strong> stoneware.</p><p>Click me</p>care guide<ul><li>Dishwasher safe</li></ul>',
    );
    expect(dialogs).toEqual([]);
    await page.close();
  });

  it('arrives the same by a client-side navigation from the listing', async () => {
    const { page, dialogs } = await watchedPage();
    await page.goto(`${server.url}/collections/mugs`);
    await page.waitForSelector('html[data-hydrated="true"]');
    const intro = page.locator('.listing__intro');
    expect([await intro.textContent(), await intro.locator('*').count()]).toEqual([COLLECTION_TEXT, 0]);
    // a marker on the window survives a client-side navigation, not a document load
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const loaderData = page.waitForResponse((response) => new URL(response.url()).pathname === '/products/classic-diner-mug.data');
    await page.getByRole('link', { name: 'Classic Diner Mug' }).click();
    await page.getByRole('heading', { level: 1, name: 'Classic Diner Mug' }).waitFor();
    expect(await page.evaluate(() => (window as { sameDocument?: boolean }).sameDocument)).toBe(true);
    // the page's data came from the loader on the server (a `.data` request), already sanitised
    const data = await (await loaderData).text();
    expect([data.includes('<strong>thrown</strong>'), data.includes('onerror'), data.includes('<script')]).toEqual([true, false, false]);
    expect(await richTextOf(page)).toEqual(SAFE);
    expect(dialogs).toEqual([]);
    await page.close();
  });
});
