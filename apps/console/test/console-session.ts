/**
 * What the console's Chromium tests share: the real server with the built console (and, when asked,
 * the built storefront and the demo client it reads with), a merchant as `vitrine merchants create`
 * makes one, and the sign-in through the hosted login page.
 */
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { registerConsoleClient } from '../../../packages/server/src/cli/console-client.js';
import { seedDemoClient } from '../../../packages/server/src/cli/demo-client.js';
import { CONSOLE_REFRESH_COOKIE } from '../../../packages/server/src/domains/oauth/console-session-routes.js';
import { launchChromium } from '../../../packages/server/test/support/browser.js';
import { usShipping } from '../../../packages/server/test/support/checkout-fixtures.js';
import { uniqueEmail } from '../../../packages/server/test/support/mailbox.js';
import { startTestServer, type TestServer } from '../../../packages/server/test/support/test-server.js';

export const CONSOLE_BUILD = fileURLToPath(new URL('../dist', import.meta.url));
export const ARTIFACTS = fileURLToPath(new URL('../../../e2e/artifacts/', import.meta.url));
export const PASSWORD = 'correct horse battery staple';
/** The console tests' desktop window. */
const DESKTOP = { width: 1280, height: 900 };

/** The server with the console at /console (and the storefront at / with `storefront`). */
export async function startConsoleServer(options: { storefront?: string; env?: Record<string, string> } = {}): Promise<TestServer> {
  const server = await startTestServer({
    VITRINE_CONSOLE_DIR: CONSOLE_BUILD,
    ...(options.storefront ? { VITRINE_STOREFRONT_DIR: options.storefront } : {}),
    ...options.env,
  });
  await registerConsoleClient(server.services.clients, server.services.config);
  if (options.storefront) await seedDemoClient(server.services.clients, server.services.config);
  return server;
}

/** A merchant as `vitrine merchants create` makes one, with the password chosen through the link. */
export async function newMerchant(server: TestServer): Promise<string> {
  const email = uniqueEmail('merchant');
  const made = await server.services.merchants.create(email);
  const token = new URL(made.passwordLink as string).searchParams.get('token') as string;
  await server.services.identity.recover({ recoveryToken: token, password: PASSWORD });
  return email;
}

/** From the console's sign-in, through the hosted login page, back to the console's callback. */
export async function signIn(page: Page, server: TestServer, email: string, password = PASSWORD): Promise<void> {
  await page.goto(`${server.url}/console/`);
  await page.getByRole('heading', { level: 1, name: 'Vitrine console' }).waitFor();
  await Promise.all([
    page.waitForURL((url) => url.pathname === '/oauth2/authorize'),
    page.getByRole('button', { name: 'Sign in' }).click(),
  ]);
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.fill('input[name=email]', email);
  await page.fill('input[name=password]', password);
  await Promise.all([page.waitForURL((url) => url.pathname.startsWith('/console/callback')), page.click('button[type=submit]')]);
}

/** Whether the page is the console's home, its dashboard (`/console`, or `/console/` as typed). */
export const atConsoleHome = (url: URL) => /^\/console\/?$/.test(url.pathname);

/** The console's session cookie in the browser (the merchant's refresh token), if it holds one. */
export async function sessionCookie(browser: BrowserContext, server: TestServer) {
  const cookies = await browser.cookies(`${server.url}/console/session/renew`);
  return cookies.find((cookie) => cookie.name === CONSOLE_REFRESH_COOKIE);
}

/**
 * Whether a console message is Chromium's note of the renewal a signed-out console makes on load: the
 * endpoint answers 400 without a session cookie, which is how the page learns it must show the sign-in.
 */
const signedOutRenewal = (text: string, url: string) =>
  text.startsWith('Failed to load resource: the server responded with a status of 400') &&
  new URL(url).pathname === '/console/session/renew';

/** Chromium with one desktop-sized page, and every script error or console error it reports (clear it per test). */
export interface ConsoleBrowser {
  browser: BrowserContext;
  page: Page;
  errors: string[];
  close(): Promise<void>;
}

export async function openConsoleBrowser(): Promise<ConsoleBrowser> {
  await mkdir(ARTIFACTS, { recursive: true });
  const chromium = await launchChromium();
  const page = await chromium.browser.newPage();
  await page.setViewportSize(DESKTOP);
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error' && !signedOutRenewal(message.text(), message.location().url))
      errors.push(`${message.text()} ${message.location().url}`);
  });
  return { browser: chromium.browser, page, errors, close: () => chromium.close() };
}

/** A server and a browser with a new merchant signed in to the console, on its home (the dashboard). */
export interface SignedInConsole extends ConsoleBrowser {
  server: TestServer;
  /** the signed-in merchant's e-mail */
  email: string;
}

/**
 * `ownMediaDir`: uploads go to a folder of this session's own, removed with it; `shipsToUs`: the shop
 * ships to the US (`usShipping`), which every file that places orders needs.
 */
export async function signedInConsole(
  options: Parameters<typeof startConsoleServer>[0] & { ownMediaDir?: boolean; shipsToUs?: boolean } = {},
): Promise<SignedInConsole> {
  const mediaDir = options.ownMediaDir ? await mkdtemp(join(tmpdir(), 'vitrine-console-media-')) : undefined;
  const server = await startConsoleServer({ ...options, env: { ...options.env, ...(mediaDir ? { MEDIA_DIR: mediaDir } : {}) } });
  if (options.shipsToUs) await usShipping(server);
  const browser = await openConsoleBrowser();
  const email = await newMerchant(server);
  await signIn(browser.page, server, email);
  await browser.page.waitForURL(atConsoleHome);
  return {
    ...browser,
    server,
    email,
    async close() {
      await browser.close();
      await server.close();
      if (mediaDir) await rm(mediaDir, { recursive: true, force: true });
    },
  };
}

/**
 * The hooks of a test file that drives one signed-in console: before all, `signedInConsole(options)`
 * handed to `take` (the file keeps the parts it uses and prepares its data); after all, all of it
 * closed; before each test, the page's reported errors cleared and, with `desktopViewport`, the
 * desktop size back (a test may have made the page a phone).
 */
export function signedInConsoleForFile(
  options: Parameters<typeof signedInConsole>[0],
  take: (session: SignedInConsole) => void | Promise<void>,
  each: { desktopViewport?: boolean } = {},
): void {
  let session: SignedInConsole | undefined;
  beforeAll(async () => {
    session = await signedInConsole(options);
    await take(session);
  }, 120_000);
  afterAll(() => session?.close());
  beforeEach(async () => {
    if (!session) return;
    session.errors.length = 0;
    if (each.desktopViewport) await session.page.setViewportSize(DESKTOP);
  });
}

/** A server with the built console and Chromium, nobody signed in: for the files that sign in themselves. */
export interface SignedOutConsole {
  server: TestServer;
  chromium: ConsoleBrowser;
}

/**
 * The hooks of a test file that signs in itself: before all, a console server and Chromium handed to
 * `take` (the file keeps the parts it uses and prepares its data); after all, both closed.
 */
export function signedOutConsoleForFile(take: (session: SignedOutConsole) => void | Promise<void>): void {
  let session: Partial<SignedOutConsole> = {};
  beforeAll(async () => {
    session.server = await startConsoleServer();
    session.chromium = await openConsoleBrowser();
    await take(session as SignedOutConsole);
  }, 120_000);
  afterAll(async () => {
    await session.chromium?.close();
    await session.server?.close();
    session = {};
  });
}
