import { shopOriginOf } from '../lib/shop-url.server.js';
import type { Route } from './+types/robots';

/** GET /robots.txt: crawl the shop, not its search results or resource routes; where the sitemap is. */
export function loader({ context }: Route.LoaderArgs) {
  const origin = shopOriginOf(context);
  const body = ['User-agent: *', 'Allow: /', 'Disallow: /search', 'Disallow: /resources/', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n');
  return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'public, max-age=86400' } });
}
