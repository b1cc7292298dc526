import { createClient, OAuthStrategy, type OAuthStrategyInstance } from '@vitrine/sdk';
import { authentication } from '@vitrine/sdk/identity';
import { redirects } from '@vitrine/sdk/redirects';
import { describe, expect, it } from 'vitest';
import { solveToToken } from '../../../../test/support/captcha.js';
import { FormClient } from '../../../../test/support/form-client.js';
import { latestCode, latestRecoveryToken, uniqueEmail } from '../../../../test/support/mailbox.js';
import { testServerForFile } from '../../../../test/support/server-for-file.js';
import { startTestServer, TEST_CLIENT_ID } from '../../../../test/support/test-server.js';

const REDIRECT = 'http://127.0.0.1:4000/callback';
const PASSWORD = 'correct horse battery';

const server = testServerForFile({ VERIFY_EMAIL_ON_REGISTER: 'true' });

function shop(): { auth: OAuthStrategyInstance } {
  return createClient({ host: server.url, modules: { authentication }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) }) as never;
}

/** A verified member, registered through the SDK and the code from the dev mailbox. */
async function member(): Promise<string> {
  const email = uniqueEmail();
  const client = shop();
  const registration = await client.auth.register({ email, password: PASSWORD });
  expect(registration.loginState).toBe('EMAIL_VERIFICATION_REQUIRED');
  const verified = await client.auth.processVerification({ verificationCode: await latestCode(server.url, email) });
  expect(verified.loginState).toBe('SUCCESS');
  return email;
}

/** A new PKCE request through the SDK; returns the SDK and its data with the hosted page URL. */
async function authRequest(options: { prompt?: 'login' | 'none' | 'consent' | 'select_account' } = {}) {
  const client = shop();
  const data = await client.auth.generateOAuthData(REDIRECT);
  const { authUrl } = await client.auth.getAuthUrl(data, { prompt: options.prompt ?? 'login' });
  return { client, data, authUrl };
}

/** The code and state of a fragment answer. */
function answer(location: URL | undefined) {
  expect(location && `${location.origin}${location.pathname}`).toBe(REDIRECT);
  const params = new URLSearchParams(location?.hash.slice(1));
  return { code: params.get('code'), state: params.get('state'), error: params.get('error') };
}

describe('hosted login page (PKCE redirect flow, forms without JavaScript)', () => {
  it('logs a member in through the form and the SDK exchanges the code for member tokens', async () => {
    const email = await member();
    const { client, data, authUrl } = await authRequest();
    const browser = new FormClient(server.url);
    const page = await browser.get(authUrl);
    expect(page.status).toBe(200);
    const done = await browser.submit(page.form('/oauth2/authorize/login'), { email, password: PASSWORD });
    expect(done.status).toBe(303);
    const { code, state } = answer(done.location);
    expect(state).toBe(data.state);
    const tokens = await client.auth.getMemberTokens(code as string, state as string, data);
    expect(tokens.refreshToken.role).toBe('member');
  });

  it('records that the visitor who started the login became the member', async () => {
    const email = await member();
    const { client, data, authUrl } = await authRequest();
    const visitorToken = client.auth.getTokens().accessToken.value;
    const visitor = await server.services.oauth.callerOf(visitorToken);
    const browser = new FormClient(server.url);
    const page = await browser.get(authUrl);
    const { code, state } = answer((await browser.submit(page.form('/login'), { email, password: PASSWORD })).location);
    const tokens = await client.auth.getMemberTokens(code as string, state as string, data);
    const memberCaller = await server.services.oauth.callerOf(tokens.accessToken.value);
    const row = await server.database.db
      .selectFrom('visitors')
      .select(['member_id'])
      .where('id', '=', visitor?.kind === 'visitor' ? visitor.visitorId : '')
      .executeTakeFirst();
    expect(memberCaller?.kind === 'member' && row?.member_id).toBe(memberCaller?.kind === 'member' ? memberCaller.memberId : 'no member');
  });

  it('shows the form again with the reason when the password is wrong', async () => {
    const email = await member();
    const { authUrl } = await authRequest();
    const browser = new FormClient(server.url);
    const page = await browser.get(authUrl);
    const again = await browser.submit(page.form('/login'), { email, password: 'not the password' });
    expect(again.status).toBe(400);
    expect(again.location).toBeUndefined();
    expect(again.alert).toBeTruthy();
    expect(again.html).toContain(`value="${email}"`);
    expect(again.html).not.toContain('not the password');
  });

  it('refuses a form post without the CSRF token', async () => {
    const email = await member();
    const { authUrl } = await authRequest();
    const browser = new FormClient(server.url);
    const form = (await browser.get(authUrl)).form('/login');
    const forged = await browser.submit({ ...form, fields: { ...form.fields, csrf: 'forged' } }, { email, password: PASSWORD });
    expect(forged.status).toBe(400);
    expect(forged.location).toBeUndefined();
    expect(forged.alert).toContain('form expired');
  });

  it('registers through the page, verifies the mailed code and answers with a code', async () => {
    const email = uniqueEmail('page');
    const { client, data, authUrl } = await authRequest();
    const browser = new FormClient(server.url);
    const login = await browser.get(authUrl);
    const registerLink = /href="([^"]*\/oauth2\/authorize\/register[^"]*)"/.exec(login.html)?.[1].replace(/&amp;/g, '&') as string;
    const registerPage = await browser.get(registerLink);
    const verifyPage = await browser.submit(registerPage.form('/oauth2/authorize/register'), {
      email,
      password: PASSWORD,
      firstName: 'Ann',
    });
    expect(verifyPage.status).toBe(200);
    const done = await browser.submit(verifyPage.form('/oauth2/authorize/verify'), { code: await latestCode(server.url, email) });
    const { code, state } = answer(done.location);
    expect((await client.auth.getMemberTokens(code as string, state as string, data)).refreshToken.role).toBe('member');
  });

  it('signs in again without a form through the hosted-session cookie (prompt=none)', async () => {
    const email = await member();
    const browser = new FormClient(server.url);
    const first = await authRequest();
    await browser.submit((await browser.get(first.authUrl)).form('/login'), { email, password: PASSWORD });
    expect(browser.cookie('vt_session')).toBeTruthy();
    const second = await authRequest({ prompt: 'none' });
    const silent = await browser.get(second.authUrl);
    const { code, state } = answer(silent.location);
    expect((await second.client.auth.getMemberTokens(code as string, state as string, second.data)).refreshToken.role).toBe('member');
  });

  it.each([
    ['consent', 'continue'],
    ['select_account', 'continue'],
  ] as const)('asks for %s with a hosted session and answers after the choice', async (prompt, choice) => {
    const email = await member();
    const browser = new FormClient(server.url);
    const first = await authRequest();
    await browser.submit((await browser.get(first.authUrl)).form('/login'), { email, password: PASSWORD });
    const { authUrl, data } = await authRequest({ prompt });
    const question = await browser.get(authUrl);
    expect(question.status).toBe(200);
    expect(question.html).toContain(email);
    const done = await browser.submit(question.form('/oauth2/authorize/choice'), { choice });
    expect(answer(done.location).state).toBe(data.state);
    expect(answer(done.location).code).toBeTruthy();
  });

  it('logs out of the hosted pages: the cookie no longer signs in and the redirect goes to a registered URI only', async () => {
    const email = await member();
    const browser = new FormClient(server.url);
    const first = await authRequest();
    await browser.submit((await browser.get(first.authUrl)).form('/login'), { email, password: PASSWORD });
    const out = await browser.get(
      `/_api/iam/authentication/v1/logout?clientId=${TEST_CLIENT_ID}&postLogoutRedirectUri=${encodeURIComponent('http://127.0.0.1:4000/')}`,
    );
    expect(out.status).toBe(303);
    expect(out.location?.toString()).toBe('http://127.0.0.1:4000/');
    const { authUrl } = await authRequest({ prompt: 'none' });
    expect(answer((await browser.get(authUrl)).location).error).toBe('login_required');
    const evil = await browser.get(
      `/_api/iam/authentication/v1/logout?clientId=${TEST_CLIENT_ID}&postLogoutRedirectUri=${encodeURIComponent('https://evil.example/')}`,
    );
    expect(evil.status).toBe(200);
    expect(evil.location).toBeUndefined();
  });

  it('follows the SDK logout session to its registered post-flow URL', async () => {
    const { logoutUrl } = await shop().auth.logout('http://127.0.0.1:4000/bye');
    const out = await new FormClient(server.url).get(logoutUrl);
    expect(out.status).toBe(303);
    expect(out.location?.toString()).toBe('http://127.0.0.1:4000/bye');
  });

  it('resets a forgotten password through the mailed link', async () => {
    const email = await member();
    const browser = new FormClient(server.url);
    const { authUrl } = await authRequest();
    const login = await browser.get(authUrl);
    const forgotLink = /href="([^"]*\/account\/forgot-password[^"]*)"/.exec(login.html)?.[1].replace(/&amp;/g, '&') as string;
    const sent = await browser.submit((await browser.get(forgotLink)).form('/account/forgot-password'), { email });
    expect(sent.status).toBe(200);
    const token = await latestRecoveryToken(server.url, email);
    const reset = await browser.get(`/account/reset-password?token=${encodeURIComponent(token)}`);
    const changed = await browser.submit(reset.form('/account/reset-password'), {
      password: 'a brand new secret',
      confirm: 'a brand new secret',
    });
    expect(changed.status).toBe(200);
    expect((await shop().auth.login({ email, password: 'a brand new secret' })).loginState).toBe('SUCCESS');
  });

  it('signs in through a login redirect session and returns to its post-flow URL', async () => {
    const email = await member();
    const client = createClient({ host: server.url, modules: { redirects }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
    const { redirectSession } = await client.redirects.createRedirectSession({
      login: {},
      callbacks: { postFlowUrl: 'http://127.0.0.1:4000/account' },
    });
    const browser = new FormClient(server.url);
    const page = await browser.get(redirectSession?.fullUrl as string);
    expect(page.status).toBe(200);
    const done = await browser.submit(page.form('/oauth2/authorize/login'), { email, password: PASSWORD });
    expect(done.status).toBe(303);
    expect(done.location?.toString()).toBe('http://127.0.0.1:4000/account');
    expect(browser.cookie('vt_session')).toBeTruthy();
    // Signed in now: the same session goes straight on.
    expect((await browser.get(redirectSession?.fullUrl as string)).location?.toString()).toBe('http://127.0.0.1:4000/account');
  });

  it('answers a browser with a not-found page where later issues will put checkout and product pages', async () => {
    const res = await fetch(`${server.url}/products/blue-mug`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain('Page not found');
    const api = await fetch(`${server.url}/products/blue-mug`);
    expect(((await api.json()) as { details: { applicationError: { code: string } } }).details.applicationError.code).toBe('NOT_FOUND');
  });

  it('shows the captcha widget once the risk policy asks for one, and a solved captcha lets the member in', async () => {
    const risky = await startTestServer({ CAPTCHA: 'risk', CAPTCHA_RISK_THRESHOLD: '2' });
    try {
      const client = createClient({ host: risky.url, modules: {}, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
      const email = uniqueEmail('risk');
      expect((await client.auth.register({ email, password: PASSWORD })).loginState).toBe('SUCCESS');
      const data = await client.auth.generateOAuthData(REDIRECT);
      const { authUrl } = await client.auth.getAuthUrl(data);
      const browser = new FormClient(risky.url);
      let page = await browser.get(authUrl);
      expect(page.html).not.toContain('<altcha-widget');
      for (let i = 0; i < 3; i++) page = await browser.submit(page.form('/login'), { email, password: `wrong ${i}` });
      expect(page.html).toContain('<altcha-widget');
      expect(page.headers.get('content-security-policy')).toContain('worker-src');
      const challenge = await (await fetch(`${risky.url}/_api/captcha/challenge?kind=visible`)).json();
      const done = await browser.submit(page.form('/login'), { email, password: PASSWORD, altcha: await solveToToken(challenge) });
      expect(done.status).toBe(303);
      expect(answer(done.location).code).toBeTruthy();
    } finally {
      await risky.close();
    }
  });
});
