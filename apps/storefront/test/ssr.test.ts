/**
 * The storefront's pages as the server sends them, before any JavaScript runs: content, titles,
 * meta and Open Graph tags, JSON-LD, status codes; against the real server with the demo shop.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { startStorefrontServer } from './storefront-server.js';

let server: TestServer;

beforeAll(async () => {
  server = await startStorefrontServer();
}, 120_000);
afterAll(async () => server?.close());

async function page(path: string): Promise<{ status: number; type: string; html: string }> {
  const res = await fetch(`${server.url}${path}`, { headers: { accept: 'text/html' } });
  return { status: res.status, type: res.headers.get('content-type') ?? '', html: await res.text() };
}

const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1];
const metaOf = (html: string, attr: 'name' | 'property', key: string) =>
  new RegExp(`<meta ${attr}="${key.replace('.', '\\.')}" content="([^"]*)"`).exec(html)?.[1];
const cardNames = (html: string) => [...html.matchAll(/<h[23] class="product-card__name">([^<]*)<\/h[23]>/g)].map((match) => match[1]);
const decode = (text: string) => text.replaceAll('&amp;', '&').replaceAll('&#x27;', "'").replaceAll('&quot;', '"');
/** The page without React's `<!-- -->` separators between adjacent texts (Preact's renderer writes none). */
const textOf = (html: string) => html.replaceAll('<!-- -->', '');
/**
 * Whether the page has a `<name>` tag with these attributes (`true`: present, any value), whatever their order
 * and however a boolean attribute is spelt (`checked`, `checked=""`): the renderers differ there.
 */
function hasTag(html: string, name: string, attributes: Record<string, string | true>): boolean {
  return [...html.matchAll(new RegExp(`<${name}\\b([^>]*)>`, 'g'))].some((match) => {
    const found = new Map(
      [...(match[1] ?? '').matchAll(/([^\s=/]+)(?:="([^"]*)")?/g)].map((attribute) => [attribute[1], attribute[2] ?? '']),
    );
    return Object.entries(attributes).every(([key, value]) => found.has(key) && (value === true || found.get(key) === value));
  });
}

describe('server-rendered storefront', () => {
  it('renders the home page with landmarks, the hero, featured collections and new arrivals', async () => {
    const { status, type, html } = await page('/');
    expect(status).toBe(200);
    expect(type).toMatch(/^text\/html/);
    expect(titleOf(html)).toBe('Vitrine demo shop');
    expect(hasTag(html, 'a', { class: 'skip-link', href: '#main' })).toBe(true);
    expect(html).toMatch(/<header class="site-header">[\s\S]*<nav aria-label="Main"/);
    expect(html).toContain('<main id="main"');
    expect(html).toContain('<footer class="site-footer">');
    expect(html).toContain('Everyday goods, made to last');
    expect(html).toContain('href="/collections/mugs"');
    expect(html).toContain('Mugs &amp; coffee');
    expect(cardNames(html)).toHaveLength(8);
    expect(metaOf(html, 'property', 'og:title')).toBe('Vitrine demo shop');
  });

  it('renders a listing with its filters, sort and page from the URL', async () => {
    const { status, html } = await page('/products?inStock=1&min=10&max=40&sort=price-asc&page=2');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('All products · Vitrine demo shop');
    // the form shows the URL's state
    expect(hasTag(html, 'input', { name: 'inStock', value: '1', checked: true })).toBe(true);
    expect(html).toMatch(/id="filter-min"[^>]*value="10"/);
    expect(html).toMatch(/id="filter-max"[^>]*value="40"/);
    expect(hasTag(html, 'option', { value: 'price-asc', selected: true })).toBe(true);
    expect(html).toMatch(/aria-current="page" aria-label="Page 2"/);
    const prices = [...html.matchAll(/<span class="price__current[^"]*">(?:From )?\$([\d.]+)<\/span>/g)].map((match) => Number(match[1]));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices.every((price) => price >= 10 && price <= 40)).toBe(true);
    expect([...prices].sort((left, right) => left - right)).toEqual(prices);
    expect(html).not.toContain('Sold out');
  });

  it('narrows /products to the collection named in the URL', async () => {
    const { html } = await page('/products?collection=posters');
    expect(hasTag(html, 'input', { name: 'collection', value: 'posters', checked: true })).toBe(true);
    const names = cardNames(html).map(decode);
    expect(names).toContain('Mountain Sunrise Print');
    expect(names).not.toContain('Classic Diner Mug');
  });

  it('shows an empty state when no product matches', async () => {
    const { status, html } = await page('/products?min=100000');
    expect(status).toBe(200);
    expect(html).toContain('No products match');
    expect(html).toContain('Clear filters');
  });

  it('renders a collection page with its products only', async () => {
    const { status, html } = await page('/collections/mugs?sort=name-asc');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Mugs &amp; coffee · Vitrine demo shop');
    expect(metaOf(html, 'name', 'description')).toBe('Stoneware, enamel and fresh beans from small roasters.');
    // the collection's picture above its name, the same one Open Graph names
    const banner = /<img[^>]*class="listing__banner"[^>]*>/.exec(html)?.[0] ?? '';
    expect(banner).toContain(`src="${metaOf(html, 'property', 'og:image')}"`);
    expect(banner).toMatch(/ alt(="")?[ />]/); // empty: Preact writes a bare `alt`
    const names = cardNames(html).map(decode);
    expect(names).toContain('Classic Diner Mug');
    expect(names).not.toContain('Everyday Crew Tee');
    expect(names).toEqual([...names].sort((left, right) => left.toLowerCase().localeCompare(right.toLowerCase())));
  });

  it('renders a product page with its title, meta description, Open Graph and JSON-LD Product data', async () => {
    const { status, html } = await page('/products/classic-diner-mug');
    expect(status).toBe(200);
    expect(titleOf(html)).toBe('Classic Diner Mug · Vitrine demo shop');
    expect(metaOf(html, 'name', 'description')).toMatch(/^A heavy, thick-walled mug/);
    expect(metaOf(html, 'property', 'og:type')).toBe('product');
    expect(metaOf(html, 'property', 'og:url')).toBe(`${server.url}/products/classic-diner-mug`);
    expect(metaOf(html, 'property', 'og:image')).toMatch(new RegExp(`^${server.url}/media/`));
    const jsonLd = /<script type="application\/ld\+json">([^<]*)<\/script>/.exec(html)?.[1];
    const product = JSON.parse(jsonLd ?? '{}');
    expect(product).toMatchObject({
      '@type': 'Product',
      name: 'Classic Diner Mug',
      sku: 'MUG-DIN',
      brand: { name: 'Kiln & Co.' },
      offers: { '@type': 'AggregateOffer', priceCurrency: 'USD', lowPrice: '14.00', highPrice: '17.00' },
    });
    // breadcrumbs, options, and the first available combination chosen, priced and ready to add (#25)
    expect(html).toMatch(/<nav aria-label="Breadcrumb"[\s\S]*href="\/collections\/mugs"/);
    expect(html).toContain('<legend id="option-Color">Color');
    expect(html).toContain('aria-label="Mustard"');
    expect(hasTag(html, 'button', { 'aria-label': 'White', 'aria-pressed': 'true' })).toBe(true);
    expect(hasTag(html, 'button', { 'aria-label': '11 oz', 'aria-pressed': 'true' })).toBe(true);
    expect(textOf(html)).not.toContain('From $14.00');
    expect(html).toMatch(/<button(?![^>]*\bdisabled\b)[^>]*>Add to cart<\/button>/);
  });

  it('shows a discount and the price per unit', async () => {
    const sale = await page('/products/enamel-camp-mug');
    expect(sale.html).toContain('Save 15%');
    expect(sale.html).toMatch(/<s class="price__was">\$18\.00<\/s>/);
    const beans = await page('/products/house-blend-coffee-beans');
    expect(textOf(beans.html)).toContain('$5.40 / 100 g');
  });

  it('answers an unknown product, collection or page with a real 404 page', async () => {
    for (const path of ['/products/no-such-product', '/collections/no-such-collection', '/no/such/page']) {
      const { status, type, html } = await page(path);
      expect(status, path).toBe(404);
      expect(type).toMatch(/^text\/html/);
      expect(titleOf(html)).toBe('Page not found');
    }
  });

  it('serves a sitemap of products and collections', async () => {
    const res = await fetch(`${server.url}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/xml/);
    const xml = await res.text();
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>/);
    expect(xml).toContain(`<loc>${server.url}/products/classic-diner-mug</loc>`);
    expect(xml).toContain(`<loc>${server.url}/collections/mugs</loc>`);
    // hidden products stay out
    expect(xml).not.toContain('/products/prototype-hoodie');
    expect(xml.match(/<url>/g)?.length).toBeGreaterThan(60);
  });

  it('serves robots.txt pointing at the sitemap', async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(await res.text()).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it('formats money and dates in the shopper’s locale', async () => {
    const res = await fetch(`${server.url}/products/classic-diner-mug`, { headers: { 'accept-language': 'de-DE,de;q=0.9' } });
    const html = await res.text();
    expect(html).toContain('<html lang="de-DE">');
    expect(html).toContain('14,00');
  });

  it("answers the catalogue reads of warm pages from the server's catalogue cache (#23)", async () => {
    /** hits and misses of the cache's collection answers and query answers (product queries, option availabilities) */
    const cacheCounts = async () => {
      const metrics = await (await fetch(`${server.url}/metrics`)).text();
      const sum = (series: string) =>
        [...metrics.matchAll(new RegExp(`^vitrine_cache_${series}_total\\{cache="(?:collections|queries)"\\} (\\d+)$`, 'gm'))].reduce(
          (total, match) => total + Number(match[1]),
          0,
        );
      return { hits: sum('hits'), misses: sum('misses') };
    };
    const pages = ['/products/classic-diner-mug', '/', '/products'];
    for (const path of pages) expect((await page(path)).status, path).toBe(200);
    const before = await cacheCounts();
    for (const path of pages) expect((await page(path)).status, path).toBe(200);
    const after = await cacheCounts();
    // the product page: the product by its slug (a query), the collections, its first selection's availability;
    // the home page: the collections, the new arrivals (a query); the listing: the collections (its search is not kept)
    expect({ hits: after.hits - before.hits, misses: after.misses - before.misses }).toEqual({ hits: 6, misses: 0 });
  });

  it('answers the search box and the option picker from resource routes', async () => {
    const search = (await (await fetch(`${server.url}/resources/search?q=diner`)).json()) as {
      q: string;
      products: { id: string; name: string }[];
    };
    expect(search.q).toBe('diner');
    // the search API's suggestions: the name's match first (a description naming it may follow)
    expect(search.products[0]?.name).toBe('Classic Diner Mug');
    const id = search.products[0]?.id ?? '';
    type Availability = {
      options: { name: string; choices: { value: string; available: boolean }[] }[];
      variant?: { price: number; inStock: boolean };
    };
    const ask = async (query: string) =>
      (await (await fetch(`${server.url}/resources/options-availability?product=${id}&${query}`)).json()) as Availability;
    const partial = await ask('opt.Size=15+oz');
    expect(partial.variant).toBeUndefined();
    const colors = partial.options.find((option) => option.name === 'Color')?.choices;
    expect(colors?.find((color) => color.value === '#d4a017')?.available).toBe(false);
    expect(colors?.find((color) => color.value === '#f2f1ec')?.available).toBe(true);
    const complete = await ask('opt.Size=15+oz&opt.Color=%23f2f1ec');
    expect(complete.variant).toMatchObject({ price: 17, inStock: true });
    const bad = await fetch(`${server.url}/resources/options-availability?product=${encodeURIComponent('<x>')}`);
    expect(bad.status).toBe(400);
  });
});
