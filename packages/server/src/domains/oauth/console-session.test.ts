/**
 * The console's token-mediating endpoint (#18): the refresh token lives in an HttpOnly cookie scoped
 * to `/console/session`, the page gets access tokens only, and nobody but a page of the server's own
 * origin can use it.
 */
import { createHash, randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { type Answer, memberTokens, send } from '../../../test/support/http.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { startTestServer } from '../../../test/support/test-server.js';
import { CONSOLE_CLIENT_ID, registerConsoleClient } from '../../cli/console-client.js';
import { CONSOLE_REFRESH_COOKIE } from './console-session-routes.js';

const server = testServerForFile();
beforeAll(async () => {
  await registerConsoleClient(server.services.clients, server.services.config);
});

const redirectUri = () => `${server.url}/console/callback`;

/**
 * A code of the console's client for `identityId`, as the hosted login issues it once the identity
 * signed in, with the PKCE verifier that redeems it.
 */
async function consoleCode(identityId: string) {
  const codeVerifier = randomBytes(32).toString('base64url');
  const code = await server.services.oauth.issueCode(server.database.db, {
    clientId: CONSOLE_CLIENT_ID,
    redirectUri: redirectUri(),
    codeChallenge: createHash('sha256').update(codeVerifier).digest('base64url'),
    scope: 'offline_access',
    memberId: identityId,
    visitorId: null,
  });
  return { code, codeVerifier, redirectUri: redirectUri() };
}

/** A new merchant (as `vitrine merchants create` makes one): their e-mail and identity id. */
async function newMerchant() {
  const email = uniqueEmail('merchant');
  const made = await server.services.merchants.create(email);
  return { email, id: made.identity.id };
}

/** A POST to the endpoint as the console's page sends it: its origin, JSON, the cookie when given. */
function post(path: string, options: { cookie?: string; body?: unknown; headers?: Record<string, string> } = {}): Promise<Answer> {
  return send(`${server.url}/console/session/${path}`, {
    method: 'POST',
    headers: {
      origin: server.url,
      'content-type': 'application/json',
      ...(options.cookie ? { cookie: `${CONSOLE_REFRESH_COOKIE}=${options.cookie}` } : {}),
      ...options.headers,
    },
    body: JSON.stringify(options.body ?? {}),
  });
}

/** The refresh cookie an answer sets: its value and attributes (names lower-cased). */
function refreshCookie(answer: Answer) {
  const line = answer.headers.getSetCookie().find((cookie) => cookie.startsWith(`${CONSOLE_REFRESH_COOKIE}=`));
  if (!line) return undefined;
  const [pair = '', ...attributes] = line.split(';').map((part) => part.trim());
  const value = decodeURIComponent(pair.slice(CONSOLE_REFRESH_COOKIE.length + 1));
  const flags = new Map(attributes.map((attribute) => [attribute.split('=')[0]?.toLowerCase() ?? '', attribute.split('=')[1] ?? '']));
  return { value, flags };
}

/** A signed-in merchant's session: the sign-in answer and the refresh token its cookie holds. */
async function signedIn(identityId?: string) {
  const id = identityId ?? (await newMerchant()).id;
  const answer = await post('sign-in', { body: await consoleCode(id) });
  expect(answer.status).toBe(200);
  return { answer, refreshToken: refreshCookie(answer)?.value as string };
}

describe('the console session endpoint', () => {
  it('exchanges a code for an access token, keeping the refresh token in an HttpOnly, SameSite=Strict cookie of its path', async () => {
    const { answer } = await signedIn();
    expect(answer.body).toEqual({ access_token: expect.any(String), token_type: 'Bearer', expires_in: 600 });
    expect(answer.text).not.toContain('refresh');
    expect(decodeJwt(answer.body.access_token)).toMatchObject({ role: 'merchant', client_id: CONSOLE_CLIENT_ID });
    expect(answer.headers.get('cache-control')).toBe('no-store');
    const cookie = refreshCookie(answer);
    expect(cookie?.value).toMatch(/^vrt_/);
    expect(Object.fromEntries(cookie?.flags ?? [])).toEqual({
      path: '/console/session',
      httponly: '',
      samesite: 'Strict',
      'max-age': String(server.services.config.tokens.refreshTtl),
    });
  });

  it('renews with the cookie: a fresh access token, and the refresh token rotated in the cookie', async () => {
    const { refreshToken } = await signedIn();
    const renewed = await post('renew', { cookie: refreshToken });
    expect(renewed.status).toBe(200);
    expect(decodeJwt(renewed.body.access_token)).toMatchObject({ role: 'merchant' });
    const rotated = refreshCookie(renewed)?.value;
    expect(rotated).toMatch(/^vrt_/);
    expect(rotated).not.toBe(refreshToken);
    expect((await post('renew', { cookie: rotated })).status).toBe(200);
  });

  it('keeps the merchant signed in when two tabs renew with the same cookie at once', async () => {
    const { refreshToken } = await signedIn();
    const both = await Promise.all([post('renew', { cookie: refreshToken }), post('renew', { cookie: refreshToken })]);
    expect(both.map((answer) => answer.status)).toEqual([200, 200]);
    // whichever cookie the browser keeps last renews again
    for (const answer of both) expect((await post('renew', { cookie: refreshCookie(answer)?.value })).status).toBe(200);
  });

  it.each([
    ['no cookie', undefined, 'no console session: sign in'],
    ['an unknown refresh token', 'vrt_not-a-token', 'unknown refresh token'],
  ])('refuses a renewal with %s in the OAuth error format, clearing the cookie', async (_case, cookie, description) => {
    const refused = await post('renew', { cookie });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'invalid_grant', error_description: description });
    expect(refreshCookie(refused)?.value).toBe('');
  });

  it.each([
    ['another site', { origin: 'https://attacker.example' }, 'Origin "https://attacker.example": only'],
    ['no Origin', { origin: '' }, 'Origin missing: only'],
    ['a form body', { 'content-type': 'application/x-www-form-urlencoded' }, 'content-type must be application/json'],
  ])('refuses a request from %s before touching the session', async (_case, headers, description) => {
    const { refreshToken } = await signedIn();
    const refused = await post('renew', { cookie: refreshToken, headers });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ error: 'invalid_request', error_description: expect.stringContaining(description) });
    expect(refreshCookie(refused)).toBeUndefined();
    // the session is untouched: its refresh token was not used
    expect((await post('renew', { cookie: refreshToken })).status).toBe(200);
  });

  it('refuses a code of someone who is not a merchant', async () => {
    const shopper = await memberTokens(server.url, server.apiKey, uniqueEmail('shopper'), 'correct horse battery');
    const refused = await post('sign-in', { body: await consoleCode(shopper.memberId) });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'invalid_grant', error_description: 'not an active merchant' });
  });

  it('stops renewing once the identity is no longer a merchant', async () => {
    const merchant = await newMerchant();
    const { refreshToken } = await signedIn(merchant.id);
    await server.services.merchants.remove(merchant.email);
    const refused = await post('renew', { cookie: refreshToken });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ error: 'invalid_grant', error_description: 'refresh token was revoked' });
    expect(refreshCookie(refused)?.value).toBe('');
  });

  it('signs out: the session is revoked, rotated tokens included, and the cookie cleared', async () => {
    const { refreshToken } = await signedIn();
    const rotated = refreshCookie(await post('renew', { cookie: refreshToken }))?.value;
    const out = await post('sign-out', { cookie: rotated });
    expect(out.status).toBe(204);
    expect(refreshCookie(out)?.value).toBe('');
    const refused = await post('renew', { cookie: rotated });
    expect(refused.body).toEqual({ error: 'invalid_grant', error_description: 'refresh token was revoked' });
  });
});

describe('the console session with bad input', () => {
  it.each([
    ['an empty body', {}],
    ['a code of the wrong type', { code: 42, codeVerifier: 'x' }],
    ['a NUL in the code', { code: 'a\u0000b', codeVerifier: 'x' }],
    ['an over-long verifier', { code: 'c', codeVerifier: 'v'.repeat(5000) }],
  ])('answers a sign-in with %s as an OAuth invalid_request, never a 500 (#18)', async (_case, body) => {
    const answer = await post('sign-in', { body });
    expect(answer.status).toBe(400);
    expect(answer.body).toMatchObject({ error: 'invalid_request' });
  });
});

describe('the console session behind https', () => {
  it('marks the cookie Secure', async () => {
    const https = await startTestServer({ VITRINE_PUBLIC_URL: 'https://shop.example' });
    try {
      const answer = await https.app.inject({
        method: 'POST',
        url: '/console/session/renew',
        headers: { origin: 'https://shop.example', 'content-type': 'application/json', cookie: `${CONSOLE_REFRESH_COOKIE}=vrt_unknown` },
        payload: '{}',
      });
      expect(answer.statusCode).toBe(400);
      expect(answer.headers['set-cookie']).toMatch(/; Secure/);
    } finally {
      await https.close();
    }
  });
});
