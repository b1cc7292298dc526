import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test/support/test-server.js';
import { consoleDirToServe, mountConsole, workspaceConsoleBuild } from './console-mount.js';

// Kept current by apps/console/test/global-setup.ts (a vitest global setup of the root config).
const WORKSPACE_BUILD = fileURLToPath(new URL('../../../../apps/console/dist', import.meta.url));

const INDEX =
  '<!doctype html><html><head><title>Console</title><script type="module" src="/console/assets/app-1a2b.js"></script></head><body><div id="root"></div></body></html>';

describe('which console `vitrine serve` mounts', () => {
  it.each([
    ['the configured directory', '/srv/console/dist', '/srv/console/dist'],
    ['none when configured off', 'off', undefined],
    ["the workspace's build by default", undefined, WORKSPACE_BUILD],
  ])('takes %s', (_rule, configured, expected) => {
    expect(consoleDirToServe(configured)).toBe(expected);
  });

  it('finds the workspace build when it exists', () => {
    expect(workspaceConsoleBuild()).toBe(WORKSPACE_BUILD);
  });

  it('refuses a directory without index.html, naming the setting', async () => {
    const empty = await mkdtemp(join(tmpdir(), 'vitrine-no-console-'));
    try {
      await expect(mountConsole(Fastify(), empty)).rejects.toThrow(/^VITRINE_CONSOLE_DIR: no console build at .*index\.html/);
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  });
});

describe('the mounted console', () => {
  let build: string;
  let server: TestServer;
  beforeAll(async () => {
    build = await mkdtemp(join(tmpdir(), 'vitrine-console-build-'));
    await mkdir(join(build, 'assets'));
    await writeFile(join(build, 'index.html'), INDEX);
    await writeFile(join(build, 'assets', 'app-1a2b.js'), 'console.log("console")');
    await writeFile(join(build, 'icon.svg'), '<svg xmlns="http://www.w3.org/2000/svg"/>');
    server = await startTestServer({ VITRINE_CONSOLE_DIR: build });
  });
  afterAll(async () => {
    await server?.close();
    await rm(build, { recursive: true, force: true });
  });

  it.each(['/console/', '/console/orders', '/console/orders/0f8d2a43-2d0c-4b6e-9d43-6f5f0e3c9a11?tab=items', '/console/callback'])(
    'answers the app page at %s, never cached, framed or indexed',
    async (path) => {
      const res = await fetch(`${server.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      expect(await res.text()).toBe(INDEX);
    },
  );

  it('sends /console to /console/ (relative asset paths need the slash)', async () => {
    const res = await fetch(`${server.url}/console`, { redirect: 'manual' });
    expect(res.status).toBe(301);
    expect(res.headers.get('location')).toBe('/console/');
  });

  it('serves hashed assets immutable for a year and other files revalidated', async () => {
    const asset = await fetch(`${server.url}/console/assets/app-1a2b.js`);
    expect(asset.status).toBe(200);
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(await asset.text()).toBe('console.log("console")');
    const icon = await fetch(`${server.url}/console/icon.svg`);
    expect(icon.status).toBe(200);
    expect(icon.headers.get('cache-control')).toBe('no-cache');
  });

  it("answers a missing asset with the server's 404, not the app page", async () => {
    const res = await fetch(`${server.url}/console/assets/app-gone.js`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it("leaves the server's own routes alone", async () => {
    const health = await fetch(`${server.url}/healthz`);
    expect(health.status).toBe(200);
    expect(health.headers.get('content-type')).toMatch(/^application\/json/);
  });
});

describe('a server without a console build', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ VITRINE_CONSOLE_DIR: 'off' });
  });
  afterAll(async () => server?.close());

  it('says how to build it', async () => {
    const res = await fetch(`${server.url}/console/orders`);
    expect(res.status).toBe(404);
    expect(await res.text()).toContain('The merchant console is not built: run `npm run build`');
  });
});
