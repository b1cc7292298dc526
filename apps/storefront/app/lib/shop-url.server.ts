/**
 * The shop's own absolute URLs (canonical, Open Graph, JSON-LD, sitemap, robots.txt): always on the
 * configured public URL, never on the request's Host header, which any client can forge and which
 * caches and crawlers would then keep.
 */
import type { AppLoadContext } from 'react-router';
import './load-context.js';

/** Where browsers reach the shop: the mounting server's VITRINE_PUBLIC_URL, else the same variable here (Vite dev). */
export function shopOriginOf(context: AppLoadContext | undefined): string {
  return (context?.publicUrl ?? process.env.VITRINE_PUBLIC_URL ?? 'http://127.0.0.1:5173').replace(/\/+$/, '');
}

/** The absolute URL of a path of the shop (`/products/mug` → `https://shop.example/products/mug`). */
export function shopUrl(context: AppLoadContext | undefined, path: string): string {
  return new URL(path, `${shopOriginOf(context)}/`).href;
}
