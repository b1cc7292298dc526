import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';
import { type BrowserContext, chromium } from 'playwright-core';

/**
 * Chromium's flags on this machine: headless, no sandbox (the tests run as root), no GPU, and none of
 * its own network chatter (updates, sync), which would disturb what a test or a benchmark measures.
 * Also what bench/storefront starts Chromium with for Lighthouse.
 */
export const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/**
 * Debian's Chromium with the flags this machine needs (no sandbox as root, no network chatter).
 * `javaScriptEnabled: false` browses as a shopper without JavaScript.
 */
export async function launchChromium(
  options: { javaScriptEnabled?: boolean } = {},
): Promise<{ browser: BrowserContext; close(): Promise<void> }> {
  // A fresh profile every time: Playwright passes it as --user-data-dir.
  const userDataDir = await mkdtemp(join(tmpdir(), 'vitrine-chromium-'));
  const browser = await chromium.launchPersistentContext(userDataDir, {
    executablePath: '/usr/bin/chromium',
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    headless: true,
    args: CHROMIUM_FLAGS,
  });
  return {
    browser,
    async close() {
      await browser.close();
      await rm(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The SDK bundled for the browser (from source), as one ES module. */
export async function sdkBundle(): Promise<string> {
  const entry = fileURLToPath(new URL('../../../sdk/src/index.ts', import.meta.url));
  const out = await build({ entryPoints: [entry], bundle: true, format: 'esm', platform: 'browser', write: false, target: 'es2022' });
  return out.outputFiles[0].text;
}

/** A storefront stand-in on its own loopback origin: serves `/` (the given HTML) and `/sdk.js`. */
export async function startShopPage(html: string): Promise<{ url: string; close(): Promise<void> }> {
  const sdk = await sdkBundle();
  const server: Server = createServer((req, res) => {
    if (req.url === '/sdk.js') {
      res.writeHead(200, { 'content-type': 'text/javascript' }).end(sdk);
    } else {
      res.writeHead(200, { 'content-type': 'text/html' }).end(html);
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = address && typeof address === 'object' ? address.port : 0;
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}
