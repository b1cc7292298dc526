/**
 * Absolute URLs of the storefront's pages (canonical, Open Graph, JSON-LD, sitemap, robots.txt) are
 * on the configured public URL, whatever Host header a request carries (#18): a forged Host must not
 * be able to plant another site's address in pages that caches and crawlers keep.
 */
import { request } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { startStorefrontServer } from './storefront-server.js';

const FORGED_HOST = 'evil.example';

let server: TestServer;
beforeAll(async () => {
  server = await startStorefrontServer();
}, 120_000);
afterAll(async () => server?.close());

/** GETs a path with a forged Host header (fetch will not send one of our choosing). */
function getWithForgedHost(path: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const req = request(`${server.url}${path}`, { headers: { host: FORGED_HOST, accept: 'text/html' } }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        body += chunk;
      });
      res.on('end', () => (res.statusCode === 200 ? resolve(body) : reject(new Error(`${path} answered ${res.statusCode}`))));
    });
    req.on('error', reject);
    req.end();
  });
}

const canonicalOf = (html: string) => /<link rel="canonical" href="([^"]*)"/.exec(html)?.[1];
const ogUrlOf = (html: string) => /<meta property="og:url" content="([^"]*)"/.exec(html)?.[1];

describe('absolute URLs with a forged Host header (#18)', () => {
  it.each([
    ['/', '/'],
    ['/products?sort=price_asc', '/products'],
    ['/collections/mugs', '/collections/mugs'],
    ['/products/classic-diner-mug', '/products/classic-diner-mug'],
  ])('%s has its canonical and og:url on the public URL', async (path, canonicalPath) => {
    const html = await getWithForgedHost(path);
    expect(canonicalOf(html)).toBe(`${server.url}${canonicalPath}`);
    expect(ogUrlOf(html)).toBe(`${server.url}${canonicalPath}`);
    expect(html).not.toContain(FORGED_HOST);
  });

  it("puts the product's JSON-LD URLs on the public URL", async () => {
    const html = await getWithForgedHost('/products/classic-diner-mug');
    const product = JSON.parse(/<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1] ?? '{}');
    expect(product.url).toBe(`${server.url}/products/classic-diner-mug`);
    expect(product.offers.url).toBe(`${server.url}/products/classic-diner-mug`);
  });

  it('lists the sitemap on the public URL, and robots.txt points at it there', async () => {
    const xml = await getWithForgedHost('/sitemap.xml');
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((match) => match[1] as string);
    expect(locs.length).toBeGreaterThan(60);
    expect(locs.filter((loc) => !loc.startsWith(`${server.url}/`))).toEqual([]);
    expect(await getWithForgedHost('/robots.txt')).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });
});
