import { createRequire } from 'node:module';
import type { ReactElement } from 'react';

type ReactDomServer = typeof import('react-dom/server');

const require = createRequire(import.meta.url);
let server: ReactDomServer | undefined;

/**
 * React's `renderToStaticMarkup`, with `react-dom/server` loaded at the first render, not at start: its
 * production build is ~0.55 MiB of source that V8 keeps once loaded, and only the hosted pages (sign-in,
 * checkout, order status) and the order mails use it, never a shopper's catalogue read or the storefront
 * (which renders with Preact). It is a CommonJS module, so `require` loads it synchronously and the
 * renders stay synchronous functions.
 */
export function renderToStaticMarkup(element: ReactElement): string {
  server ??= require('react-dom/server') as ReactDomServer;
  return server.renderToStaticMarkup(element);
}
