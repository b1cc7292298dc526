import { readdirSync, statSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/test-server.js';
import { seedDemoClient } from '../cli/demo-client.js';
import { mountStorefront, storefrontDirToServe, workspaceStorefrontBuild } from './storefront-mount.js';

/** Status, headers and the raw (still encoded) body length of a GET asking for `encoding`. */
function rawGet(url: string, encoding: string): Promise<{ status: number; encoding?: string; vary?: string; bytes: number }> {
  return new Promise((done, fail) => {
    request(url, { agent: false, headers: { 'accept-encoding': encoding, accept: 'text/html' } }, (res) => {
      let bytes = 0;
      res.on('data', (chunk: Buffer) => {
        bytes += chunk.length;
      });
      res.on('end', () =>
        done({ status: res.statusCode ?? 0, encoding: res.headers['content-encoding'], vary: String(res.headers.vary ?? ''), bytes }),
      );
      res.on('error', fail);
    })
      .on('error', fail)
      .end();
  });
}

// Kept current by apps/storefront/test/global-setup.ts (a vitest global setup of the root config).
const BUILD = fileURLToPath(new URL('../../../../apps/storefront/build', import.meta.url));

describe('which storefront `vitrine serve` mounts', () => {
  it.each([
    ['the configured directory', '/srv/shop/build', false, '/srv/shop/build'],
    ['none when configured off', 'off', false, undefined],
    ['none with --no-storefront', '/srv/shop/build', true, undefined],
    ["the workspace's build by default", undefined, false, BUILD],
  ])('takes %s', (_rule, configured, noFlag, expected) => {
    expect(storefrontDirToServe(configured, noFlag)).toBe(expected);
  });

  it('finds the workspace build when it exists', () => {
    expect(workspaceStorefrontBuild()).toBe(BUILD);
  });

  it('refuses a directory without a server build, naming the setting', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'vitrine-no-storefront-'));
    try {
      await expect(
        mountStorefront(Fastify(), { dir: empty, publicUrl: 'http://x', shopName: async () => 'S', currency: 'USD', production: false }),
      ).rejects.toThrow(/^VITRINE_STOREFRONT_DIR: no storefront build at .*server\/index\.js/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe('the mounted storefront', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ VITRINE_STOREFRONT_DIR: BUILD });
    // the client the storefront signs its visitors in with, as `vitrine serve` registers it when it mounts the storefront
    await seedDemoClient(server.services.clients, server.services.config);
  });
  afterAll(async () => server?.close());

  it("answers its own paths at / with the server's request id", async () => {
    const res = await fetch(`${server.url}/robots.txt`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    expect(res.headers.get('x-wix-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    expect(await res.text()).toContain(`Sitemap: ${server.url}/sitemap.xml`);
  });

  it("leaves the server's own routes first", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.headers.get('content-type')).toMatch(/^application\/json/);
    const openapi = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, unknown> };
    expect(Object.keys(openapi.paths)).not.toContain('/*');
  });

  it.each(['/ecom/v1/no-such-call', '/oauth2/nope', '/stores-reader/v1/nope/x', '/_dev/nope'])(
    "answers an unknown path under the server's own segments (%s) with the server's 404",
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(404);
      const body = (await res.json()) as { details: { applicationError: { code: string } } };
      expect(body.details.applicationError.code).toBe('NOT_FOUND');
    },
  );

  it("shows the shop's name from its settings, as soon as the merchant changes it (#20)", async () => {
    await server.services.settings.update({ shopName: 'Corner Shop Springfield' });
    const home = await fetch(`${server.url}/`, { headers: { accept: 'text/html' } });
    expect(home.status).toBe(200);
    expect(await home.text()).toContain('Corner Shop Springfield');
  });

  it("answers any other unknown path with the storefront's 404 page", async () => {
    const res = await fetch(`${server.url}/no/such/page`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('<title>Page not found</title>');
  });

  it('serves hashed assets as immutable for a year and other public files for an hour', async () => {
    const asset = readdirSync(join(BUILD, 'client', 'assets')).find((file) => file.endsWith('.js'));
    const hashed = await fetch(`${server.url}/assets/${asset}`);
    expect(hashed.status).toBe(200);
    expect(hashed.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const icon = await fetch(`${server.url}/favicon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('public, max-age=3600');
  });

  it('sends the precompressed copy of an asset the browser accepts, and the plain file otherwise', async () => {
    const asset = readdirSync(join(BUILD, 'client', 'assets')).find(
      (file) => file.endsWith('.js') && statSync(join(BUILD, 'client', 'assets', file)).size > 4096,
    );
    const plainSize = statSync(join(BUILD, 'client', 'assets', asset as string)).size;
    const compressed = await rawGet(`${server.url}/assets/${asset}`, 'br, gzip');
    expect(compressed).toMatchObject({ status: 200, encoding: 'br', bytes: statSync(join(BUILD, 'client', 'assets', `${asset}.br`)).size });
    const gzip = await rawGet(`${server.url}/assets/${asset}`, 'gzip');
    expect(gzip).toMatchObject({ status: 200, encoding: 'gzip' });
    const plain = await rawGet(`${server.url}/assets/${asset}`, 'identity');
    expect(plain).toMatchObject({ status: 200, encoding: undefined, bytes: plainSize });
  });

  it('compresses the pages it renders when the browser accepts it', async () => {
    // the storefront's own 404 page: a whole page rendered by React Router, no API call needed
    const compressed = await rawGet(`${server.url}/no/such/page`, 'br');
    const plain = await rawGet(`${server.url}/no/such/page`, 'identity');
    expect(compressed).toMatchObject({ status: 404, encoding: 'br' });
    expect(compressed.vary).toMatch(/accept-encoding/i);
    expect(plain.encoding).toBeUndefined();
    expect(compressed.bytes).toBeLessThan(plain.bytes / 2);
  });

  it('hands request bodies of any type to the storefront unread (no parser in its scope)', async () => {
    // the home route has no action: React Router itself answers 405, not Fastify with 415 or 400
    const res = await fetch(`${server.url}/?index`, { method: 'POST', headers: { 'content-type': 'application/x-unknown' }, body: 'x' });
    expect(res.status).toBe(405);
    // read to the end: an unread page keeps the connection busy and the server waits for it on close
    expect(await res.text()).toContain('</html>');
  });
});
