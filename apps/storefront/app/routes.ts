import { index, type RouteConfig, route } from '@react-router/dev/routes';

export default [
  index('routes/home.tsx'),
  route('products', 'routes/products.tsx'),
  route('products/:slug', 'routes/product.tsx'),
  route('collections/:slug', 'routes/collection.tsx'),
  route('search', 'routes/search.tsx'),
  // the shopper's own pages: rendered in the browser from @vitrine/react (no SEO, no server data)
  route('cart', 'routes/cart.tsx'),
  route('thank-you', 'routes/thank-you.tsx'),
  // resource routes: data for the browser's fetchers, and files for crawlers
  route('resources/search', 'routes/resources.search.ts'),
  route('resources/options-availability', 'routes/resources.options-availability.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
