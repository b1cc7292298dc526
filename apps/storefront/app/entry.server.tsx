import { renderToStringAsync } from 'preact-render-to-string';
import type { ReactElement } from 'react';
import type { EntryContext } from 'react-router';
import { ServerRouter } from 'react-router';
import { dropReactOnlyProps } from './preact.js';

dropReactOnlyProps();

/** How long deferred loader data may take before React Router rejects it (as in its default entry). */
export const streamTimeout = 5_000;

/**
 * Preact renders the page (the app is written against React; see vite.config.ts). The whole document is rendered
 * before it is sent: loaders have already run, so the only thing waited for is React Router's own hand-over of the
 * loader data, whose scripts follow the document.
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
): Promise<Response> {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const page: ReactElement = <ServerRouter context={routerContext} url={request.url} />;
  const html = await renderToStringAsync(page as unknown as Parameters<typeof renderToStringAsync>[0]);
  responseHeaders.set('Content-Type', 'text/html');
  // React writes the doctype itself; Preact's renderer does not
  return new Response(`<!DOCTYPE html>${html}`, { headers: responseHeaders, status: responseStatusCode });
}
