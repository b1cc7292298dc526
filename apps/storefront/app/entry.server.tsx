import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactElement } from 'react';
import { renderToReadableStream } from 'react-dom/server';
import type { AppLoadContext, EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { CspNonceContext } from './lib/csp-nonce.js';
import { dropReactOnlyProps } from './preact.js';

// `npm run dev` runs React itself (vite.config.ts); the build runs Preact.
if (!import.meta.env.DEV) dropReactOnlyProps();

/**
 * The Node request listener the Vitrine server mounts the storefront with (packages/server, storefront-mount.ts),
 * taken from this bundle so that it runs on the bundle's own React Router rather than loading a second copy.
 */
export { createRequestListener } from '@react-router/node';

/** How long deferred loader data may take before React Router rejects it (as in its default entry). */
export const streamTimeout = 5_000;

/**
 * The whole document is rendered before it is sent: loaders have already run, so the only thing waited for is
 * React Router's own hand-over of the loader data, whose scripts follow the document. Preact renders it in the
 * build; React in `npm run dev`.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext | undefined,
): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  // The server's CSP allows inline scripts and styles with this nonce only: React Router puts it on its own
  // scripts (the loader data included), the style sheet takes it from the context.
  const nonce = loadContext?.cspNonce;
  const page: ReactElement = (
    <CspNonceContext.Provider value={nonce}>
      <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
    </CspNonceContext.Provider>
  );
  responseHeaders.set('Content-Type', 'text/html');
  if (import.meta.env.DEV) {
    const stream = await renderToReadableStream(page, { signal: request.signal });
    await stream.allReady;
    return new Response(stream, { headers: responseHeaders, status: responseStatusCode });
  }
  const html = await renderToStringAsync(page as unknown as Parameters<typeof renderToStringAsync>[0]);
  // React writes the doctype itself; Preact's renderer does not
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
