/**
 * Serves the built merchant console (apps/console, a single-page app) at `/console/`: its hashed
 * assets as static files, and its `index.html` for every other path under `/console/` (the app's
 * router takes over in the browser). Without a build, `/console/` says how to make one.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { CONSOLE_PAGE } from './http/page-policies.js';
import { applyPageHeaders } from './http/security-headers.js';

/** The workspace's own console build (apps/console/dist), when it has been built. */
export function workspaceConsoleBuild(): string | undefined {
  // src/platform/ and dist/platform/ are both four levels under the repository root.
  const dir = fileURLToPath(new URL('../../../../apps/console/dist', import.meta.url));
  return existsSync(join(dir, 'index.html')) ? dir : undefined;
}

/** The console directory `vitrine serve` uses: the configured one (`VITRINE_CONSOLE_DIR`), none for `off`, else the workspace's build. */
export function consoleDirToServe(configured: string | undefined): string | undefined {
  if (configured === 'off') return undefined;
  return configured ?? workspaceConsoleBuild();
}

/**
 * Mounts the console under `/console/`. Register it before the storefront, whose catch-all then
 * leaves `/console` alone.
 * @throws Error when `dir` holds no `index.html`
 */
export async function mountConsole(app: FastifyInstance, dir: string | undefined): Promise<void> {
  const root = dir ? resolve(dir) : undefined;
  const index = root ? join(root, 'index.html') : undefined;
  if (index && !existsSync(index)) throw new Error(`VITRINE_CONSOLE_DIR: no console build at ${index} (run npm run build)`);
  const page = index ? await readFile(index, 'utf8') : undefined;

  if (root) {
    await app.register(fastifyStatic, {
      root,
      prefix: '/console/',
      // One route per file found now (a build does not change under a running server).
      wildcard: false,
      index: false,
      decorateReply: false,
      cacheControl: false,
      setHeaders: (reply, path) => {
        const hashed = path.startsWith(join(root, 'assets'));
        reply.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    });
  }

  app.get('/console', { schema: { hide: true } }, (_request, reply) => reply.redirect('/console/', 301));
  app.get('/console/*', { schema: { hide: true } }, async (request, reply) => {
    // A missing asset is a 404, not the app (a stale page would otherwise load HTML as a script).
    if (request.url.startsWith('/console/assets/')) return reply.callNotFound();
    if (!page) {
      return reply
        .code(404)
        .type('text/plain; charset=utf-8')
        .send('The merchant console is not built: run `npm run build` (or `npm start`) at the repository root.');
    }
    applyPageHeaders(reply, CONSOLE_PAGE);
    return reply.header('cache-control', 'no-cache').header('x-robots-tag', 'noindex').type('text/html; charset=utf-8').send(page);
  });
}
