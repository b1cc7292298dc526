import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { startTestServer, TEST_CLIENT_ID, type TestServer } from '../../../test/support/test-server.js';

const server = testServerForFile({ REFRESH_REUSE_GRACE: '0' });

/** Posts to the token endpoint as JSON. */
async function token(body: Record<string, unknown>, headers: Record<string, string> = {}) {
  const res = await fetch(`${server.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as Record<string, unknown>, headers: res.headers };
}

describe('/oauth2/token', () => {
  it('gives a new visitor a token pair through the SDK (anonymous grant)', async () => {
    const client = createClient({ host: server.url, modules: {}, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
    const tokens = await client.auth.generateVisitorTokens();
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(tokens.accessToken.value.split('.')).toHaveLength(3);
    expect(tokens.accessToken.expiresAt).toBeGreaterThan(Date.now() / 1000 + 3600);
    const caller = await server.services.oauth.callerOf(tokens.accessToken.value);
    expect(caller).toMatchObject({ kind: 'visitor', clientId: TEST_CLIENT_ID });
  });

  it('answers expires_in, no-store and the request id header', async () => {
    const response = await token({ grantType: 'anonymous', clientId: TEST_CLIENT_ID });
    expect(response.status).toBe(200);
    expect(response.body.expires_in).toBe(4 * 3600);
    expect(response.headers.get('cache-control')).toBe('no-store');
    expect(response.headers.get('x-wix-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('rotates the refresh token on every use', async () => {
    const first = await token({ grantType: 'anonymous', clientId: TEST_CLIENT_ID });
    const second = await token({ grantType: 'refresh_token', refreshToken: first.body.refresh_token });
    expect(second.status).toBe(200);
    expect(second.body.refresh_token).not.toBe(first.body.refresh_token);
    const firstCaller = await server.services.oauth.callerOf(first.body.access_token as string);
    const secondCaller = await server.services.oauth.callerOf(second.body.access_token as string);
    expect(secondCaller).toEqual(firstCaller);
  });

  it('revokes the whole family when a rotated refresh token is used again', async () => {
    const first = await token({ grantType: 'anonymous', clientId: TEST_CLIENT_ID });
    const second = await token({ grantType: 'refresh_token', clientId: TEST_CLIENT_ID, refreshToken: first.body.refresh_token });
    const replay = await token({ grantType: 'refresh_token', clientId: TEST_CLIENT_ID, refreshToken: first.body.refresh_token });
    expect(replay.status).toBe(400);
    expect(replay.body).toEqual({ error: 'invalid_grant', error_description: 'refresh token was already used; its family is revoked' });
    const afterRevocation = await token({ grantType: 'refresh_token', refreshToken: second.body.refresh_token });
    expect(afterRevocation.body).toEqual({ error: 'invalid_grant', error_description: 'refresh token was revoked' });
  });

  it.each([
    [{ grantType: 'anonymous', clientId: 'nobody' }, 401, 'invalid_client'],
    [{ grantType: 'anonymous' }, 400, 'invalid_request'],
    [{ clientId: TEST_CLIENT_ID }, 400, 'invalid_request'],
    [{ grantType: 'password', clientId: TEST_CLIENT_ID }, 400, 'unsupported_grant_type'],
    [{ grantType: 'refresh_token', refreshToken: 'vrt_garbage' }, 400, 'invalid_grant'],
    [{ grantType: 'refresh_token' }, 400, 'invalid_request'],
  ])('refuses %j with %i %s', async (body, status, error) => {
    const response = await token(body);
    expect(response.status).toBe(status);
    expect(response.body.error).toBe(error);
    expect(typeof response.body.error_description).toBe('string');
  });

  it('accepts a standard form-encoded request', async () => {
    const res = await fetch(`${server.url}/oauth2/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'anonymous', client_id: TEST_CLIENT_ID }),
    });
    expect(res.status).toBe(200);
  });

  it('publishes the verifying keys as a JWKS', async () => {
    const res = await fetch(`${server.url}/.well-known/jwks.json`);
    const body = (await res.json()) as { keys: { kid: string; alg: string; d?: string }[] };
    expect(body.keys.length).toBeGreaterThan(0);
    expect(body.keys[0]).toMatchObject({ alg: 'ES256' });
    expect(body.keys[0].d).toBeUndefined();
  });

  it('keeps tokens signed by a rotated key valid and signs new ones with the new key', async () => {
    const before = await token({ grantType: 'anonymous', clientId: TEST_CLIENT_ID });
    const kid = await server.services.keys.rotate();
    const after = await token({ grantType: 'anonymous', clientId: TEST_CLIENT_ID });
    const header = JSON.parse(Buffer.from((after.body.access_token as string).split('.')[0], 'base64url').toString());
    expect(header.kid).toBe(kid);
    expect(await server.services.oauth.callerOf(before.body.access_token as string)).not.toBeNull();
  });
});

/** Posts to a server's token endpoint as JSON: its status and body. */
const tokenEndpointOf = (target: TestServer) => (body: Record<string, unknown>) =>
  fetch(`${target.url}/oauth2/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, string> }));

describe('refresh token grace window', () => {
  it('answers a retry of a just-used refresh token (a lost response) without revoking the family', async () => {
    const lenient = await startTestServer({ REFRESH_REUSE_GRACE: '30' });
    try {
      const post = tokenEndpointOf(lenient);
      const first = await post({ grantType: 'anonymous', clientId: TEST_CLIENT_ID });
      const lost = await post({ grantType: 'refresh_token', refreshToken: first.body.refresh_token });
      const retry = await post({ grantType: 'refresh_token', refreshToken: first.body.refresh_token });
      expect(retry.status).toBe(200);
      expect((await post({ grantType: 'refresh_token', refreshToken: lost.body.refresh_token })).status).toBe(200);
      expect((await post({ grantType: 'refresh_token', refreshToken: retry.body.refresh_token })).status).toBe(200);
    } finally {
      await lenient.close();
    }
  });

  it('revokes the family when a used refresh token comes back after the grace window (#21: on a moved clock)', async () => {
    let now = Date.now();
    const lenient = await startTestServer({ REFRESH_REUSE_GRACE: '30' }, { now: () => new Date(now) });
    try {
      const post = tokenEndpointOf(lenient);
      const first = await post({ grantType: 'anonymous', clientId: TEST_CLIENT_ID });
      const rotated = await post({ grantType: 'refresh_token', refreshToken: first.body.refresh_token });
      now += 31_000;
      const late = await post({ grantType: 'refresh_token', refreshToken: first.body.refresh_token });
      expect(late).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'refresh token was already used; its family is revoked' },
      });
      expect((await post({ grantType: 'refresh_token', refreshToken: rotated.body.refresh_token })).body.error_description).toBe(
        'refresh token was revoked',
      );
    } finally {
      await lenient.close();
    }
  });
});

describe('refresh token lifetime', () => {
  it('refuses a refresh token used after its lifetime (#21: on a moved clock)', async () => {
    let now = Date.now();
    const short = await startTestServer({ REFRESH_TOKEN_TTL: '60' }, { now: () => new Date(now) });
    try {
      const post = tokenEndpointOf(short);
      const first = await post({ grantType: 'anonymous', clientId: TEST_CLIENT_ID });
      now += 61_000;
      expect(await post({ grantType: 'refresh_token', refreshToken: first.body.refresh_token })).toEqual({
        status: 400,
        body: { error: 'invalid_grant', error_description: 'refresh token expired' },
      });
    } finally {
      await short.close();
    }
  });
});

describe('refresh policy per client', () => {
  it("keeps a 'reuse' client's refresh token valid across renewals (the reference client never stores a rotated one)", async () => {
    await server.services.clients.save({
      id: 'reference-shop',
      name: 'Shop on the reference client',
      redirectUris: [],
      allowedOrigins: [],
      refreshPolicy: 'reuse',
    });
    const first = await token({ grantType: 'anonymous', clientId: 'reference-shop' });
    const second = await token({ grantType: 'refresh_token', refreshToken: first.body.refresh_token });
    const third = await token({ grantType: 'refresh_token', refreshToken: first.body.refresh_token });
    expect([second.status, third.status]).toEqual([200, 200]);
    expect(second.body.refresh_token).toBe(first.body.refresh_token);
    expect(await server.services.oauth.callerOf(third.body.access_token as string)).toEqual(
      await server.services.oauth.callerOf(first.body.access_token as string),
    );
  });
});
