import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchChromium, startShopPage } from '../support/browser.js';
import { solveToToken } from '../support/captcha.js';
import { uniqueEmail } from '../support/mailbox.js';
import { testServerForFile } from '../support/server-for-file.js';
import { TEST_CLIENT_ID } from '../support/test-server.js';

const PASSWORD = 'correct horse battery';

const server = testServerForFile({ CAPTCHA: 'always' });
let chromium: Awaited<ReturnType<typeof launchChromium>>;
/** The shop the login returns to (a real server: browsers follow the 303 there). */
let shop: Awaited<ReturnType<typeof startShopPage>>;

beforeAll(async () => {
  shop = await startShopPage('<p>shop</p>');
  chromium = await launchChromium();
});
afterAll(async () => {
  await chromium?.close();
  await shop?.close();
});

describe('hosted login page in Chromium with the captcha always on', () => {
  it('solves the ALTCHA widget under the page CSP and signs the member in', async () => {
    const client = createClient({ host: server.url, modules: {}, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
    const email = uniqueEmail('widget');
    const challenge = await (await fetch(`${server.url}/_api/captcha/challenge?kind=visible`)).json();
    const registered = await client.auth.register({
      email,
      password: PASSWORD,
      captchaTokens: { recaptchaToken: await solveToToken(challenge) },
    });
    expect(registered.loginState).toBe('SUCCESS');
    const data = await client.auth.generateOAuthData(`${shop.url}/callback`);
    const { authUrl } = await client.auth.getAuthUrl(data);

    const page = await chromium.browser.newPage();
    const cspErrors: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) cspErrors.push(message.text());
    });
    await page.goto(authUrl);
    await page.fill('input[name=email]', email);
    await page.fill('input[name=password]', PASSWORD);
    await page.waitForFunction(
      () => ((document.querySelector('input[name=altcha]') as HTMLInputElement | null)?.value ?? '').length > 0,
      undefined,
      {
        timeout: 20_000,
      },
    );
    await Promise.all([page.waitForURL((url) => url.href.startsWith(`${shop.url}/callback#`)), page.click('button[type=submit]')]);
    const params = new URLSearchParams(new URL(page.url()).hash.slice(1));
    expect(params.get('state')).toBe(data.state);
    const tokens = await client.auth.getMemberTokens(params.get('code') as string, params.get('state') as string, data);
    expect(tokens.refreshToken.role).toBe('member');
    expect(cspErrors).toEqual([]);
    await page.close();
  });
});
