/**
 * Serves a built React Router storefront (apps/storefront) from this server at `/`: one address for
 * the shop and its API. The server's own routes keep priority: Fastify prefers static and parametric
 * routes to the catch-all, and a path under one of the server's own first segments (`/ecom`, `/oauth2`,
 * `/account`, `/media`, `/docs`, `/_dev`…) that no route matched gets the server's 404, not the shop's.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import fastifyStatic from '@fastify/static';
import compression from 'compression';
import type { FastifyInstance } from 'fastify';
import { storefrontPage } from './http/page-policies.js';
import { newNonce } from './http/page-reply.js';
import { applyPageHeaders } from './http/security-headers.js';

type RequestListenerOptions = Parameters<typeof import('@react-router/node').createRequestListener>[0];
type RequestListener = ReturnType<typeof import('@react-router/node').createRequestListener>;
/** What the storefront's server entry adds to React Router's build: its own request listener factory. */
interface ServerBundleEntry {
  entry: { module: { createRequestListener?: typeof import('@react-router/node').createRequestListener } };
}

/** What the storefront's loaders get as `context` (declared again on the storefront side). */
interface StorefrontLoadContext {
  /** Where the storefront's server-side SDK client sends its calls: this server's public URL. */
  vitrineApiUrl: string;
  /** Where browsers reach the shop (`VITRINE_PUBLIC_URL`): the base of its canonical, Open Graph and sitemap URLs, never the Host header. */
  publicUrl: string;
  /** The shop's name (its settings, read for each page), for titles and the header. */
  shopName: string;
  /** The shop's currency (`SHOP_CURRENCY`, ISO 4217). */
  currency: string;
  /** This response's CSP nonce, for every inline `<script>` and `<style>` the page writes. */
  cspNonce?: string;
}

export interface StorefrontMountOptions {
  /** The storefront's `build/` directory (holding `server/index.js` and `client/`). */
  dir: string;
  publicUrl: string;
  /** the shop's name now (its settings) */
  shopName: () => Promise<string>;
  currency: string;
  production: boolean;
}

/** The workspace's own storefront build (apps/storefront/build), when it has been built. */
export function workspaceStorefrontBuild(): string | undefined {
  // src/platform/ and dist/platform/ are both four levels under the repository root.
  const dir = fileURLToPath(new URL('../../../../apps/storefront/build', import.meta.url));
  return existsSync(join(dir, 'server', 'index.js')) ? dir : undefined;
}

/**
 * The storefront directory `vitrine serve` uses: the configured one (`VITRINE_STOREFRONT_DIR`), none
 * when turned off (`off`, `--no-storefront`), else the workspace's build when present.
 */
export function storefrontDirToServe(configured: string | undefined, noStorefrontFlag: boolean): string | undefined {
  if (noStorefrontFlag || configured === 'off') return undefined;
  return configured ?? workspaceStorefrontBuild();
}

/**
 * Mounts the storefront: `client/` files as static routes (hashed `/assets/` immutable for a year),
 * then a catch-all in its own plugin scope handing each request to React Router. Register it last.
 * @throws Error when `dir` holds no server build
 */
export async function mountStorefront(app: FastifyInstance, options: StorefrontMountOptions): Promise<void> {
  const dir = resolve(options.dir);
  const serverEntry = join(dir, 'server', 'index.js');
  if (!existsSync(serverEntry)) throw new Error(`VITRINE_STOREFRONT_DIR: no storefront build at ${serverEntry} (run npm run build)`);
  const context: Omit<StorefrontLoadContext, 'shopName'> = {
    vitrineApiUrl: options.publicUrl,
    publicUrl: options.publicUrl,
    currency: options.currency,
  };
  // React Router asks for the load context with the Fetch request only: the response's nonce and the
  // shop's name come along in the async context of the request that is being handled.
  const perResponse = new AsyncLocalStorage<{ nonce: string; shopName: string }>();
  // The server bundle, React Router and React load at the first page, not at start (~3 MiB resident
  // that a process serving only the API never needs; docs/DEPLOY.md, "Memory").
  let listener: Promise<RequestListener> | undefined;
  const listenerOnce = () => {
    listener ??= loadRequestListener(serverEntry, {
      mode: options.production ? 'production' : 'development',
      getLoadContext: () => ({ ...context, shopName: perResponse.getStore()?.shopName, cspNonce: perResponse.getStore()?.nonce }) as never,
    }).catch((error: unknown) => {
      listener = undefined; // the next page tries again; this one's error is logged as any handler's
      throw error;
    });
    return listener;
  };
  const apiOrigin = new URL(options.publicUrl).origin;
  const serverSegments = firstSegmentsOf(app);
  // Pages are written straight to the socket by React Router: compressed on the way (brotli or gzip).
  const compress = compression({ threshold: 1024 });

  await app.register(fastifyStatic, {
    root: join(dir, 'client'),
    // One route per file found now (a build does not change under a running server): no catch-all of its own.
    wildcard: false,
    index: false,
    decorateReply: false,
    // The build writes .br and .gz copies of its text files (scripts/precompress.mjs): sent when accepted.
    preCompressed: true,
    // The `cacheControl`/`maxAge` options would apply one policy to both kinds of file.
    cacheControl: false,
    setHeaders: (reply, path) => {
      const hashed = path.includes(join('client', 'assets'));
      reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });

  await app.register(async (scope) => {
    // React Router reads request bodies itself (actions): nothing here may consume them first.
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', (_request, _payload, done) => done(null));
    scope.route({
      method: ['GET', 'HEAD', 'POST'],
      url: '/*',
      schema: { hide: true },
      handler: async (request, reply) => {
        if (serverSegments.has(firstSegment(request.url))) return reply.callNotFound();
        const handle = await listenerOnce();
        const nonce = newNonce();
        const shopName = await options.shopName();
        // Written to the raw response, so they outlive the hijack (as the request id must be).
        applyPageHeaders(reply, storefrontPage(nonce, apiOrigin));
        reply.hijack();
        reply.raw.setHeader('X-Wix-Request-Id', request.id);
        await new Promise<void>((done, fail) => {
          compress(request.raw as never, reply.raw as never, (error?: unknown) => (error ? fail(error) : done()));
        });
        await perResponse.run({ nonce, shopName }, () => handle(request.raw, reply.raw));
      },
    });
  });
}

/**
 * React Router's Node listener over the storefront's server bundle at `serverEntry`, imported now. The bundle's
 * entry module exports `createRequestListener` (apps/storefront/app/entry.server.tsx), which runs on the React
 * Router bundled with it: importing `@react-router/node` here would load a second React Router (~1.4 MiB of heap).
 * @throws Error when the bundle's entry exports no `createRequestListener` (a storefront built before it did)
 */
async function loadRequestListener(serverEntry: string, options: Omit<RequestListenerOptions, 'build'>): Promise<RequestListener> {
  const build = (await import(pathToFileURL(serverEntry).href)) as RequestListenerOptions['build'] & ServerBundleEntry;
  const { createRequestListener } = build.entry.module;
  if (typeof createRequestListener !== 'function') {
    throw new Error(`VITRINE_STOREFRONT_DIR: ${serverEntry} exports no createRequestListener from its entry (rebuild the storefront)`);
  }
  return createRequestListener({ ...options, build });
}

/** First path segments of the routes registered so far (`ecom`, `oauth2`…); `/*` catch-alls excluded. */
function firstSegmentsOf(app: FastifyInstance): Set<string> {
  const segments = new Set<string>();
  for (const route of app.routeList) {
    const segment = firstSegment(route.url);
    if (segment && !segment.includes('*')) segments.add(segment);
  }
  return segments;
}

function firstSegment(url: string): string {
  return url.split(/[/?#]/, 2)[1] ?? '';
}
