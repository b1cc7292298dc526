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
  // `/account` belongs to the server's hosted pages: the storefront's account lives under `/me`
  route('me', 'routes/me.tsx'),
  route('me/login', 'routes/me.login.tsx'),
  route('me/register', 'routes/me.register.tsx'),
  route('me/forgot-password', 'routes/me.forgot-password.tsx'),
  route('me/callback', 'routes/me.callback.tsx'),
  route('me/orders/:id', 'routes/me.order.tsx'),
  // resource routes: data for the browser's fetchers, and files for crawlers
  route('resources/search', 'routes/resources.search.ts'),
  route('resources/options-availability', 'routes/resources.options-availability.ts'),
  route('sitemap.xml', 'routes/sitemap.ts'),
  route('robots.txt', 'routes/robots.ts'),
  route('*', 'routes/not-found.tsx'),
] satisfies RouteConfig;
