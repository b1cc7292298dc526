/**
 * One storefront server (the demo shop) and one Chromium page for a test file: started before its
 * tests, closed after them. The page's script errors and console errors gather in `errors`.
 */
import { mkdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchChromium } from '../../../packages/server/test/support/browser.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { startStorefrontServer } from './storefront-server.js';

/** Where screenshots go (git-ignored), at the repository root. */
export const ARTIFACTS = fileURLToPath(new URL('../../../e2e/artifacts/', import.meta.url));

export interface StorefrontPage {
  readonly server: TestServer;
  readonly page: Page;
  readonly errors: string[];
}

/**
 * Registers the file's `beforeAll` and `afterAll`; read `server` and `page` inside tests only.
 * `env`: the server's settings (`SEARCH_EXACT_FACETS_UP_TO`...).
 */
export function storefrontPageForFile(env: Record<string, string> = {}): StorefrontPage {
  let server: TestServer | undefined;
  let chromium: { browser: BrowserContext; close(): Promise<void> } | undefined;
  let page: Page | undefined;
  const errors: string[] = [];
  beforeAll(async () => {
    await mkdir(ARTIFACTS, { recursive: true });
    server = await startStorefrontServer(env);
    chromium = await launchChromium();
    page = await chromium.browser.newPage();
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
  }, 120_000);
  afterAll(async () => {
    await chromium?.close();
    await server?.close();
  });
  const started = <T>(part: T | undefined, name: string): T => {
    if (part === undefined) throw new Error(`storefrontPageForFile: ${name} is read before the file's beforeAll ran`);
    return part;
  };
  return {
    get server() {
      return started(server, 'server');
    },
    get page() {
      return started(page, 'page');
    },
    errors,
  };
}

/**
 * A full-page screenshot once every picture, lazy ones included, has arrived: decode() settles when a
 * picture has (a broken one rejects, and the screenshot shows it as broken).
 */
export async function fullPageShot(page: Page, path: string): Promise<void> {
  await page.evaluate(async () => {
    const images = [...document.images];
    for (const image of images) image.loading = 'eager';
    await Promise.all(images.map((image) => image.decode().catch(() => undefined)));
  });
  await page.screenshot({ path, fullPage: true });
}
