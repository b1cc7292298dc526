import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startShopPage } from '../support/browser.js';
import { insertActiveMember, insertSessionToken } from '../support/members.js';
import { startTestServer, TEST_CLIENT_ID, type TestServer } from '../support/test-server.js';

const PAGE = `<!doctype html><html><body><script type="module">
import { createClient, OAuthStrategy } from '/sdk.js';
window.client = (host, clientId) => createClient({ host, modules: {}, auth: OAuthStrategy({ clientId }) });
window.ready = true;
</script></body></html>`;

let server: TestServer;
let shop: Awaited<ReturnType<typeof startShopPage>>;
let chromium: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  server = await startTestServer();
  shop = await startShopPage(PAGE);
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
  await shop?.close();
  await server?.close();
});

describe('silent login in Chromium (hidden frame, web_message, prompt none)', () => {
  it('gets member tokens for a session token without leaving the page', async () => {
    const memberId = await insertActiveMember(server.database.db, 'silent@example.com');
    const sessionToken = await insertSessionToken(server.database.db, memberId, TEST_CLIENT_ID);
    const page = await chromium.browser.newPage();
    await page.goto(shop.url);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    const result = await page.evaluate(
      async ([host, clientId, token]) => {
        const w = window as unknown as {
          client(
            h: string,
            c: string,
          ): {
            auth: { getMemberTokensForDirectLogin(t: string): Promise<{ refreshToken: { role: string }; accessToken: { value: string } }> };
          };
        };
        const tokens = await w.client(host, clientId).auth.getMemberTokensForDirectLogin(token);
        return { role: tokens.refreshToken.role, access: tokens.accessToken.value, frames: document.querySelectorAll('iframe').length };
      },
      [server.url, TEST_CLIENT_ID, sessionToken] as const,
    );
    expect(result.role).toBe('member');
    expect(result.frames).toBe(0);
    expect(await server.services.oauth.callerOf(result.access)).toMatchObject({ kind: 'member', memberId });
    await page.close();
  });
});
