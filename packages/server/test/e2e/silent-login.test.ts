import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startShopPage } from '../support/browser.js';
import { latestCode, uniqueEmail } from '../support/mailbox.js';
import { insertActiveMember, insertSessionToken } from '../support/members.js';
import { testServerForFile } from '../support/server-for-file.js';
import { TEST_CLIENT_ID } from '../support/test-server.js';

const PAGE = `<!doctype html><html><body><script type="module">
import { createClient, OAuthStrategy } from '/sdk.js';
window.client = (host, clientId) => createClient({ host, modules: {}, auth: OAuthStrategy({ clientId }) });
window.ready = true;
</script></body></html>`;

const server = testServerForFile({ VERIFY_EMAIL_ON_REGISTER: 'true' });
let shop: Awaited<ReturnType<typeof startShopPage>>;
let chromium: Awaited<ReturnType<typeof launchChromium>>;

beforeAll(async () => {
  shop = await startShopPage(PAGE);
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
  await shop?.close();
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
        const browserWindow = window as unknown as {
          client(
            siteHost: string,
            siteClientId: string,
          ): {
            auth: {
              getMemberTokensForDirectLogin(
                memberToken: string,
              ): Promise<{ refreshToken: { role: string }; accessToken: { value: string } }>;
            };
          };
        };
        const tokens = await browserWindow.client(host, clientId).auth.getMemberTokensForDirectLogin(token);
        return { role: tokens.refreshToken.role, access: tokens.accessToken.value, frames: document.querySelectorAll('iframe').length };
      },
      [server.url, TEST_CLIENT_ID, sessionToken] as const,
    );
    expect(result.role).toBe('member');
    expect(result.frames).toBe(0);
    expect(await server.services.oauth.callerOf(result.access)).toMatchObject({ kind: 'member', memberId });
    await page.close();
  });

  it('takes a visitor through register, e-mail code, login and direct login to member tokens', async () => {
    const email = uniqueEmail('browser');
    const page = await chromium.browser.newPage();
    await page.goto(shop.url);
    await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
    type Shop = {
      auth: Record<string, (...args: unknown[]) => Promise<Record<string, unknown>>> & { getTokens(): { refreshToken: { role: string } } };
    };
    const registered = await page.evaluate(
      async ([host, clientId, mail]) => {
        const browserWindow = window as unknown as { client(siteHost: string, siteClientId: string): Shop; shop: Shop };
        browserWindow.shop = browserWindow.client(host, clientId);
        const visitor = await browserWindow.shop.auth.generateVisitorTokens();
        browserWindow.shop.auth.setTokens(visitor);
        const response = await browserWindow.shop.auth.register({ email: mail, password: 'a long enough secret' });
        return { visitorRole: browserWindow.shop.auth.getTokens().refreshToken.role, state: response.loginState };
      },
      [server.url, TEST_CLIENT_ID, email] as const,
    );
    expect(registered).toEqual({ visitorRole: 'visitor', state: 'EMAIL_VERIFICATION_REQUIRED' });
    const code = await latestCode(server.url, email);
    const result = await page.evaluate(
      async ([mail, verificationCode]) => {
        const browserWindow = window as unknown as { shop: Shop };
        const verified = await browserWindow.shop.auth.processVerification({ verificationCode });
        const login = await browserWindow.shop.auth.login({ email: mail, password: 'a long enough secret' });
        const sessionToken = (login.data as { sessionToken: string }).sessionToken;
        const tokens = (await browserWindow.shop.auth.getMemberTokensForDirectLogin(sessionToken)) as unknown as {
          refreshToken: { role: string };
        };
        return { verified: verified.loginState, login: login.loginState, role: tokens.refreshToken.role };
      },
      [email, code] as const,
    );
    expect(result).toEqual({ verified: 'SUCCESS', login: 'SUCCESS', role: 'member' });
    await page.close();
  });
});
