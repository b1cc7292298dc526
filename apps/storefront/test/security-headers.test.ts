/**
 * The security headers of every kind of answer, as the real server sends them (#18): storefront pages
 * (a fresh nonce per response, on every inline script and style), hosted pages, the console, API answers
 * and media files.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { lineOf, stockedProduct, visitorClient } from '../../../packages/server/test/support/checkout-fixtures.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { CONSOLE_BUILD } from '../../console/test/console-session.js';
import { startStorefrontServer } from './storefront-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startStorefrontServer({ VITRINE_CONSOLE_DIR: CONSOLE_BUILD });
}, 120_000);
afterAll(async () => server?.close());

/** The Content-Security-Policy's directives by name, each with its sources. */
function cspOf(res: Response): Map<string, string[]> {
  const header = res.headers.get('content-security-policy') ?? '';
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name as string, sources]),
  );
}

/** The nonce a directive allows (`'nonce-…'`), if any. */
function nonceIn(sources: string[] | undefined): string | undefined {
  return sources?.map((source) => /^'nonce-(.+)'$/.exec(source)?.[1]).find(Boolean);
}

/**
 * The opening tags of every `<script>` and `<style>` the browser would run or apply. JSON-LD is a data block
 * (never run, so outside CSP), and React Router's `<Meta>` writes it without a nonce.
 */
const inlineTags = (html: string) =>
  // whole elements, so that a script's text (the checkout's mentions `<style`) is not taken for a tag
  [...html.matchAll(/(<(script|style)\b[^>]*>)[\s\S]*?<\/\2>/g)]
    .map((match) => match[1] as string)
    .filter((tag) => !tag.includes('type="application/ld+json"'));

/** What every page answers: never framed, no MIME sniffing, no 'unsafe-inline' scripts or styles. */
function expectPageBasics(res: Response, referrer: string): Map<string, string[]> {
  const csp = cspOf(res);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  expect(csp.get('script-src')).not.toContain("'unsafe-inline'");
  expect(csp.get('style-src')).not.toContain("'unsafe-inline'");
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe(referrer);
  return csp;
}

describe('storefront pages (#18)', () => {
  it.each(['/', '/products/classic-diner-mug'])('%s: a nonce-based CSP, on every inline script and style', async (path) => {
    const res = await fetch(`${server.url}${path}`);
    expect(res.status).toBe(200);
    const csp = expectPageBasics(res, 'strict-origin-when-cross-origin');
    const nonce = nonceIn(csp.get('script-src'));
    expect(nonce).toMatch(/^[A-Za-z0-9+/=]{16,}$/);
    expect(nonceIn(csp.get('style-src'))).toBe(nonce);
    expect(csp.get('object-src')).toEqual(["'none'"]);
    expect(csp.get('base-uri')).toEqual(["'none'"]);
    const tags = inlineTags(await res.text());
    expect(tags.filter((tag) => tag.startsWith('<script')).length).toBeGreaterThan(0);
    expect(tags.filter((tag) => tag.startsWith('<style')).length).toBeGreaterThan(0);
    expect(tags.filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([]);
  });

  it('gives every response its own nonce', async () => {
    const nonces = await Promise.all([1, 2, 3].map(async () => nonceIn(cspOf(await fetch(`${server.url}/`)).get('script-src'))));
    expect(new Set(nonces).size).toBe(3);
  });
});

describe('hosted pages (#18)', () => {
  it('the login page: only its nonce-d styles, no scripts, never framed', async () => {
    const client = visitorClient(server);
    const { authUrl } = await client.auth.getAuthUrl(await client.auth.generateOAuthData(`${server.url}/me/callback`));
    const first = await fetch(authUrl);
    const second = await fetch(authUrl);
    expect(first.status).toBe(200);
    const csp = expectPageBasics(first, 'no-referrer');
    expect(csp.get('script-src')).toEqual(["'none'"]);
    expect(nonceIn(csp.get('style-src'))).toBeDefined();
    expect(nonceIn(cspOf(second).get('style-src'))).not.toBe(nonceIn(csp.get('style-src')));
  });

  it('the checkout page: only its nonce-d script and styles, never framed', async () => {
    const mug = await stockedProduct(server, { name: 'Header mug', quantity: 3 });
    const shop = visitorClient(server);
    await shop.currentCart.addToCurrentCart({ lineItems: [lineOf(mug._id)] });
    const { checkoutId } = await shop.currentCart.createCheckoutFromCurrentCart();
    const { redirectSession } = await shop.redirects.createRedirectSession({ ecomCheckout: { checkoutId: checkoutId as string } });
    const res = await fetch(redirectSession?.fullUrl as string);
    expect(res.status).toBe(200);
    const csp = expectPageBasics(res, 'no-referrer');
    const nonce = nonceIn(csp.get('style-src'));
    expect(csp.get('script-src')).toEqual([`'nonce-${nonce}'`]);
    expect(inlineTags(await res.text()).filter((tag) => !tag.includes(` nonce="${nonce}"`))).toEqual([]);
  });
});

describe('the console and other answers (#18)', () => {
  it('the console page: its own scripts only, never framed', async () => {
    const res = await fetch(`${server.url}/console/`);
    expect(res.status).toBe(200);
    const csp = expectPageBasics(res, 'no-referrer');
    expect(csp.get('script-src')).toEqual(["'self'"]);
    expect(csp.get('object-src')).toEqual(["'none'"]);
  });

  it('an API answer: nosniff and no referrer, no page policy', async () => {
    const res = await fetch(`${server.url}/oauth2/jwks`);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('content-security-policy')).toBeNull();
  });

  it('a media file: nosniff, no referrer, usable by shops on other origins', async () => {
    const html = await (await fetch(`${server.url}/`)).text();
    const picture = /(\/media\/[^"?\s]+)/.exec(html)?.[1];
    expect(picture).toBeDefined();
    const res = await fetch(`${server.url}${picture}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    expect(res.headers.get('cross-origin-resource-policy')).toBe('cross-origin');
  });

  it('keeps /docs (swagger-ui) working: no page policy there', async () => {
    const res = await fetch(`${server.url}/docs/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger-ui');
    expect(res.headers.get('content-security-policy')).toBeNull();
  });
});
