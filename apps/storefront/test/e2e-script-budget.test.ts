/**
 * The script a page makes the browser download before it is usable, in Chromium on a phone (#21, issue
 * #6's budget of 90 kB gzip, counted as bench/storefront counts it: every script requested, gzip level 9),
 * and what waits for the shopper to ask for it: the filter drawer's focus trap until "Filter" is pressed.
 */
import { gzipSync } from 'node:zlib';
import type { Page, Response } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { storefrontPageForFile } from './storefront-page.js';

const shop = storefrontPageForFile();
const BUDGET_BYTES = 90 * 1024;

/** Every script the page requests from now on, as the answers arrive. */
function scriptsOf(page: Page): Response[] {
  const scripts: Response[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') scripts.push(response);
  });
  return scripts;
}

/** Opens `path` in a fresh page (nothing cached) on a phone, hydrated; answers it and its scripts so far and to come. */
async function openFresh(path: string) {
  const page = await shop.page.context().newPage();
  await page.setViewportSize({ width: 390, height: 844 });
  const scripts = scriptsOf(page);
  await page.goto(`${shop.server.url}${path}`);
  await page.waitForSelector('html[data-hydrated="true"]');
  return { page, scripts };
}

async function gzipBytes(scripts: Response[]): Promise<number> {
  let total = 0;
  for (const script of scripts) total += gzipSync(await script.body(), { level: 9 }).length;
  return total;
}

const fileNames = (scripts: Response[]) => scripts.map((script) => new URL(script.url()).pathname);

describe('script at first load', () => {
  for (const [name, path] of [
    ['home', '/'],
    ['listing', '/products'],
    ['product page', '/products/classic-diner-mug'],
  ] as const) {
    it(`the ${name} loads at most 90 kB gzip of script`, async () => {
      const { page, scripts } = await openFresh(path);
      try {
        expect(await gzipBytes(scripts)).toBeLessThanOrEqual(BUDGET_BYTES);
      } finally {
        await page.close();
      }
    }, 60_000);
  }
});

describe('the listing’s filter drawer', () => {
  it('fetches its focus trap when "Filter" is first pressed, and then traps focus in the drawer', async () => {
    const { page, scripts } = await openFresh('/products');
    try {
      expect(fileNames(scripts).filter((file) => file.includes('focus-trap'))).toEqual([]);
      await page.getByRole('button', { name: /^Filter \(/ }).click();
      await page.getByRole('dialog', { name: 'Filters' }).waitFor();
      expect(fileNames(scripts).filter((file) => file.includes('focus-trap'))).toHaveLength(1);
      await page.waitForFunction(() => document.activeElement?.closest('[role="dialog"]'));
      expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Close filters');
    } finally {
      await page.close();
    }
  }, 60_000);
});
