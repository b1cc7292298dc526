import { createClient, OAuthStrategy, type OAuthStrategyInstance } from '@vitrine/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertActiveMember, insertSessionToken } from '../../../test/support/members.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { startTestServer, TEST_CLIENT_ID } from '../../../test/support/test-server.js';

const server = testServerForFile();
let memberId: string;
const REDIRECT = 'http://127.0.0.1:4000/callback';

beforeAll(async () => {
  memberId = await insertActiveMember(server.database.db, 'ann@example.com');
});

function shop(): { auth: OAuthStrategyInstance } {
  return createClient({ host: server.url, modules: {}, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) }) as never;
}

/** Follows the auth URL of a direct login (session token) and returns where the server sends the browser. */
async function authorize(authUrl: string): Promise<URL> {
  const res = await fetch(authUrl, { redirect: 'manual' });
  expect(res.status).toBe(303);
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  return new URL(res.headers.get('location') as string);
}

async function codeFor(responseMode: 'query' | 'fragment' = 'query') {
  const client = shop();
  const data = await client.auth.generateOAuthData(REDIRECT);
  const sessionToken = await insertSessionToken(server.database.db, memberId, TEST_CLIENT_ID);
  const { authUrl } = await client.auth.getAuthUrl(data, { responseMode, sessionToken });
  const location = await authorize(authUrl);
  const params = responseMode === 'query' ? location.searchParams : new URLSearchParams(location.hash.slice(1));
  return { client, data, location, code: params.get('code') as string, state: params.get('state') as string };
}

async function exchange(body: Record<string, unknown>) {
  const res = await fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ grantType: 'authorization_code', clientId: TEST_CLIENT_ID, ...body }),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('authorization code flow with PKCE', () => {
  it('turns a session token into member tokens through the SDK (fragment answer)', async () => {
    const { client, data, location, code, state } = await codeFor('fragment');
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(state).toBe(data.state);
    const tokens = await client.auth.getMemberTokens(code, state, data);
    expect(tokens.refreshToken.role).toBe('member');
    expect(await server.services.oauth.callerOf(tokens.accessToken.value)).toMatchObject({ kind: 'member', memberId });
  });

  it('answers in the query string when asked', async () => {
    const { location, code } = await codeFor('query');
    expect(location.hash).toBe('');
    expect(code).toMatch(/^vac_/);
  });

  it('redeems a code exactly once among 20 parallel redemptions', async () => {
    const { code, data } = await codeFor();
    const results = await Promise.all(
      Array.from({ length: 20 }, () => exchange({ code, codeVerifier: data.codeVerifier, redirectUri: REDIRECT })),
    );
    expect(results.filter((result) => result.status === 200)).toHaveLength(1);
    expect(results.filter((result) => result.status === 400 && result.body.error === 'invalid_grant')).toHaveLength(19);
  });

  it('revokes the tokens a code issued when the code is replayed', async () => {
    const { code, data } = await codeFor();
    const first = await exchange({ code, codeVerifier: data.codeVerifier, redirectUri: REDIRECT });
    await exchange({ code, codeVerifier: data.codeVerifier, redirectUri: REDIRECT });
    const refresh = await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ grantType: 'refresh_token', refreshToken: first.body.refresh_token }),
    });
    expect(refresh.status).toBe(400);
    expect(((await refresh.json()) as { error_description: string }).error_description).toBe('refresh token was revoked');
  });

  it.each([
    ['a wrong code verifier', { codeVerifier: 'x'.repeat(43) }, 'code_verifier does not match the code challenge'],
    ['a missing code verifier', { codeVerifier: undefined }, 'code_verifier is required'],
    ['a different redirect URI', { redirectUri: 'http://127.0.0.1:4000/other' }, 'redirect_uri does not match the authorization request'],
    ['no redirect URI', { redirectUri: undefined }, 'redirect_uri does not match the authorization request'],
    ['another client', { clientId: 'other-client' }, 'authorization code was issued to another client'],
  ])('rejects an exchange with %s', async (_name, change, description) => {
    await server.services.clients.save({ id: 'other-client', name: 'Other', redirectUris: [REDIRECT], allowedOrigins: [] });
    const { code, data } = await codeFor();
    const response = await exchange({ code, codeVerifier: data.codeVerifier, redirectUri: REDIRECT, ...change });
    expect(response.status).toBe(400);
    expect(response.body.error_description).toBe(description);
  });

  it('answers prompt=none without a hosted session with login_required at once', async () => {
    const client = shop();
    const data = await client.auth.generateOAuthData(REDIRECT);
    const { authUrl } = await client.auth.getAuthUrl(data, { prompt: 'none', responseMode: 'query' });
    const location = await authorize(authUrl);
    expect(location.searchParams.get('error')).toBe('login_required');
    expect(location.searchParams.get('state')).toBe(data.state);
    expect(location.searchParams.get('code')).toBeNull();
  });

  it('shows the hosted login page for prompt=login, with a strict CSP and no referrer', async () => {
    const client = shop();
    const { authUrl } = await client.auth.getAuthUrl(await client.auth.generateOAuthData(REDIRECT));
    const res = await fetch(authUrl);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('referrer-policy')).toBe('no-referrer');
    const html = await res.text();
    expect(html).toContain('action="/oauth2/authorize/login"');
  });

  it('answers a web_message request with a page that posts only to the registered origin', async () => {
    const client = shop();
    const data = await client.auth.generateOAuthData('');
    const sessionToken = await insertSessionToken(server.database.db, memberId, TEST_CLIENT_ID);
    const res = await fetch(`${server.url}/_api/redirects-api/v1/redirect-session`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'http://127.0.0.1:4100' },
      body: JSON.stringify({
        auth: {
          authRequest: {
            clientId: TEST_CLIENT_ID,
            responseMode: 'web_message',
            state: data.state,
            codeChallenge: data.codeChallenge,
            codeChallengeMethod: 'S256',
            sessionToken,
          },
          prompt: 'none',
        },
      }),
    });
    const { redirectSession } = (await res.json()) as { redirectSession: { fullUrl: string } };
    const page = await fetch(redirectSession.fullUrl);
    expect(page.headers.get('content-security-policy')).toContain('frame-ancestors http://127.0.0.1:4100');
    const html = await page.text();
    expect(html).toContain('"http://127.0.0.1:4100"');
    expect(html).toContain(data.state);
  });

  it('shows an expired-link page for an unknown session', async () => {
    const res = await fetch(`${server.url}/oauth2/authorize?session=ar_unknown`);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('expired');
  });
});

describe('authorization code lifetime', () => {
  it('refuses a code used after its lifetime', async () => {
    let now = Date.now();
    const quick = await startTestServer({ AUTH_CODE_TTL: '1' }, { now: () => new Date(now) });
    try {
      const id = await insertActiveMember(quick.database.db, 'late@example.com');
      const client = createClient({ host: quick.url, modules: {}, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
      const data = await client.auth.generateOAuthData(REDIRECT);
      const sessionToken = await insertSessionToken(quick.database.db, id, TEST_CLIENT_ID);
      const { authUrl } = await client.auth.getAuthUrl(data, { responseMode: 'query', sessionToken });
      const location = new URL((await fetch(authUrl, { redirect: 'manual' })).headers.get('location') as string);
      now += 1100;
      const res = await fetch(`${quick.url}/oauth2/token`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({
          grantType: 'authorization_code',
          clientId: TEST_CLIENT_ID,
          code: location.searchParams.get('code'),
          codeVerifier: data.codeVerifier,
          redirectUri: REDIRECT,
        }),
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({ error: 'invalid_grant', error_description: 'authorization code expired' });
    } finally {
      await quick.close();
    }
  });
});
