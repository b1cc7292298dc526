/**
 * The console keeps no refresh token where page script can read it (#18): signed in through the
 * hosted login page, the merchant's refresh token is in an HttpOnly, SameSite=Strict cookie of the
 * session endpoint's path, the page holds access tokens in memory only, and reloads and new tabs
 * resume the session from the cookie until the merchant signs out.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { postJson } from '../../../packages/server/test/support/http.js';
import type { TestServer } from '../../../packages/server/test/support/test-server.js';
import { atConsoleHome, type ConsoleBrowser, newMerchant, sessionCookie, signedOutConsoleForFile, signIn } from './console-session.js';

/** Where consoles before #18 kept both tokens. */
const LEGACY_TOKENS_KEY = 'vitrine.console.tokens.vitrine-console';

let server: TestServer;
let chromium: ConsoleBrowser;
let page: Page;

signedOutConsoleForFile((session) => {
  ({ server, chromium } = session);
  page = chromium.page;
});

/** Everything page script can read: both storages, the page's cookies, the IndexedDB databases' names. */
const readableByScript = (target: Page) =>
  target.evaluate(async () => {
    const entries = (storage: Storage) => Object.keys(storage).map((k) => `${k}=${storage.getItem(k)}`);
    const databases = await indexedDB.databases();
    return [
      ...entries(localStorage),
      ...entries(sessionStorage),
      document.cookie,
      ...databases.map((database) => database.name ?? ''),
    ].join('\n');
  });

/** Waits until the page shows the signed-in console (its sections), or the sign-in. */
const signedInView = (target: Page) => target.getByRole('navigation', { name: 'Sections' }).waitFor();
const signInView = (target: Page) => target.getByRole('button', { name: 'Sign in' }).waitFor();

/** The endpoint's answer to a renewal with `refreshToken`, sent as the console's page would. */
const renewWith = (refreshToken: string) =>
  postJson(server.url, '/console/session/renew', {}, { origin: server.url, cookie: `${CONSOLE_COOKIE}=${refreshToken}` });
const CONSOLE_COOKIE = 'vitrine_console_refresh';

describe("the console's session", () => {
  it('keeps the refresh token out of page script, resumes on reload and in new tabs, and ends on sign-out', async () => {
    // a browser upgraded from an earlier console still holds its tokens in localStorage
    await page.goto(`${server.url}/console/`);
    await page.evaluate((key) => localStorage.setItem(key, '{"refreshToken":{"value":"vrt_old","role":"member"}}'), LEGACY_TOKENS_KEY);

    await signIn(page, server, await newMerchant(server));
    await page.waitForURL(atConsoleHome);
    await signedInView(page);

    const cookie = await sessionCookie(chromium.browser, server);
    expect(cookie).toMatchObject({ name: CONSOLE_COOKIE, httpOnly: true, sameSite: 'Strict', path: '/console/session', secure: false });
    const refreshToken = cookie?.value as string;
    expect(refreshToken).toMatch(/^vrt_/);
    const readable = await readableByScript(page);
    expect(readable).not.toContain(refreshToken);
    expect(readable).not.toMatch(/vrt_/);
    expect(await page.evaluate((key) => localStorage.getItem(key), LEGACY_TOKENS_KEY)).toBeNull();

    // a reload resumes the session from the cookie
    await page.reload();
    await signedInView(page);
    expect(await readableByScript(page)).not.toMatch(/vrt_/);

    // two new tabs opened at once both renew with the same cookie, and both stay signed in
    const tabs = await Promise.all([chromium.browser.newPage(), chromium.browser.newPage()]);
    await Promise.all(tabs.map((tab) => tab.goto(`${server.url}/console/products`)));
    await Promise.all(tabs.map((tab) => signedInView(tab)));
    await page.reload();
    await signedInView(page);

    // sign-out ends the session, in the other tabs too: the cookie is gone and its last refresh token is refused
    const last = (await sessionCookie(chromium.browser, server))?.value as string;
    await Promise.all([page.waitForURL(`${server.url}/console/`), page.getByRole('button', { name: 'Sign out' }).click()]);
    await signInView(page);
    await Promise.all(tabs.map((tab) => signInView(tab)));
    await Promise.all(tabs.map((tab) => tab.close()));
    expect(await sessionCookie(chromium.browser, server)).toBeUndefined();
    expect((await renewWith(last)).body).toEqual({ error: 'invalid_grant', error_description: 'refresh token was revoked' });
    await page.reload();
    await signInView(page);
    expect(chromium.errors).toEqual([]);
  }, 120_000);
});
