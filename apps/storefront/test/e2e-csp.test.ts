/**
 * The pages' Content-Security-Policies in Chromium (#18): the storefront (home, a product page, an
 * add to cart, so hydration works), a hosted login page and the console load without a single
 * violation, and a script injected into a served page without the response's nonce does not run.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { registerConsoleClient } from '../../../packages/server/src/cli/console-client.js';
import { launchChromium } from '../../../packages/server/test/support/browser.js';
import { visitorClient } from '../../../packages/server/test/support/checkout-fixtures.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { CONSOLE_BUILD } from '../../console/test/console-session.js';
import { startStorefrontServer } from './storefront-server.js';

let server: TestServer;
let chromium: { browser: BrowserContext; close(): Promise<void> };
let page: Page;
/** Every CSP violation the pages reported, as `directive blocked-URL`. */
let violations: string[];

beforeAll(async () => {
  server = await startStorefrontServer({ VITRINE_CONSOLE_DIR: CONSOLE_BUILD });
  await registerConsoleClient(server.services.clients, server.services.config);
  chromium = await launchChromium();
  // Runs in every document before its own scripts (and outside its CSP): reports each violation.
  await chromium.browser.exposeBinding('reportViolation', (_source, text: string) => violations.push(text));
  await chromium.browser.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (event) => {
      (window as unknown as { reportViolation(text: string): void }).reportViolation(`${event.effectiveDirective} ${event.blockedURI}`);
    });
  });
}, 120_000);
afterAll(async () => {
  await chromium?.close();
  await server?.close();
});
beforeEach(async () => {
  violations = [];
  await page?.close();
  page = await chromium.browser.newPage();
});

const hydrated = () => page.waitForSelector('html[data-hydrated="true"]');

describe('Content-Security-Policy in Chromium (#18)', () => {
  it('lets the storefront hydrate and add to the cart without a violation', async () => {
    await page.goto(`${server.url}/`);
    await hydrated();
    await page.goto(`${server.url}/products/classic-diner-mug`);
    await hydrated();
    await page.getByRole('button', { name: 'White', exact: true }).click();
    await page.getByRole('button', { name: '11 oz', exact: true }).click();
    await page.waitForFunction(() => !document.querySelector<HTMLButtonElement>('.add-to-cart__button')?.disabled);
    await page.getByRole('button', { name: 'Add to cart' }).click();
    const line = page.getByRole('dialog', { name: 'Your cart' }).getByTestId('cart-line');
    await expect(line.textContent()).resolves.toContain('Classic Diner Mug');
    // the inlined style sheet applies (a nonce'd <style>): the skip link is moved off screen
    expect(await page.locator('.skip-link').evaluate((element) => getComputedStyle(element).position)).toBe('absolute');
    expect(violations).toEqual([]);
  });

  it('shows the hosted login page without a violation', async () => {
    const client = visitorClient(server);
    const { authUrl } = await client.auth.getAuthUrl(await client.auth.generateOAuthData(`${server.url}/me/callback`));
    await page.goto(authUrl);
    await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
    expect(violations).toEqual([]);
  });

  it('runs the console without a violation', async () => {
    await page.goto(`${server.url}/console/`);
    await page.getByRole('heading', { level: 1, name: 'Vitrine console' }).waitFor();
    expect(violations).toEqual([]);
  });

  it('does not run a script injected into a storefront page without the nonce', async () => {
    await page.route(`${server.url}/`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace('</body>', '<script>window.pwned=1</script></body>');
      // the same headers (the CSP among them), for the decoded body
      const headers = { ...response.headers() };
      delete headers['content-encoding'];
      delete headers['content-length'];
      await route.fulfill({ status: response.status(), headers, body: html });
    });
    await page.goto(`${server.url}/`);
    await hydrated();
    expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined();
    expect(violations).toEqual(['script-src-elem inline']);
  });
});
