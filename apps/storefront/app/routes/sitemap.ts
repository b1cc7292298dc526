import { allCollections, allProductSlugs } from '../lib/catalogue.server.js';
import { shopOriginOf } from '../lib/shop-url.server.js';
import { catalogueClient } from '../lib/vitrine.server.js';
import type { Route } from './+types/sitemap';

const xmlEscape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function entry(loc: string, lastmod?: string): string {
  return `  <url><loc>${xmlEscape(loc)}</loc>${lastmod ? `<lastmod>${lastmod.slice(0, 10)}</lastmod>` : ''}</url>`;
}

/** GET /sitemap.xml: the home page, the listings, every collection and every visible product. */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = shopOriginOf(context);
  const client = catalogueClient(context);
  const [collections, products] = await Promise.all([allCollections(client), allProductSlugs(client)]);
  const urls = [
    entry(`${origin}/`),
    entry(`${origin}/products`),
    ...collections.map((collection) => entry(`${origin}/collections/${encodeURIComponent(collection.slug)}`, collection.lastUpdated)),
    ...products.map((product) => entry(`${origin}/products/${encodeURIComponent(product.slug)}`, product.lastUpdated)),
  ];
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
  return new Response(xml, { headers: { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'public, max-age=3600' } });
}
