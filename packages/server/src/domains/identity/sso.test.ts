import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { authentication } from '@vitrine/sdk/identity';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { startTestServer, TEST_CLIENT_ID, type TestServer } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const ISSUER = 'https://idp.example.test';
const AUDIENCE = 'vitrine-shop';
const KID = 'idp-key-1';
const CONNECTION = 'test-idp';
const PASSWORD = 'correct horse battery staple';

let jwks: Server;
let server: TestServer;
let signingKey: CryptoKey;
/** A key the provider does not publish. */
let strangerKey: CryptoKey;

beforeAll(async () => {
  const pair = await generateKeyPair('ES256');
  signingKey = pair.privateKey;
  strangerKey = (await generateKeyPair('ES256')).privateKey;
  const publicJwk: JWK = { ...(await exportJWK(pair.publicKey)), kid: KID, alg: 'ES256', use: 'sig' };
  jwks = await serveJwks({ keys: [publicJwk] });
  const jwksUrl = `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks`;
  server = await startTestServer({
    VITRINE_IDP_CONNECTIONS: JSON.stringify([
      { id: CONNECTION, issuer: ISSUER, jwksUrl, audience: AUDIENCE },
      // Nothing listens on port 1: the provider's keys cannot be fetched.
      { id: 'down-idp', issuer: ISSUER, jwksUrl: 'http://127.0.0.1:1/jwks', audience: AUDIENCE },
    ]),
  });
});
afterAll(async () => {
  await server?.close();
  await new Promise((resolve) => jwks?.close(resolve));
});

/** A local JWKS endpoint at `/jwks`. */
function serveJwks(body: unknown): Promise<Server> {
  const provider = createServer((req, res) => {
    if (req.url !== '/jwks') return void res.writeHead(404).end();
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  return new Promise((resolve) => provider.listen(0, '127.0.0.1', () => resolve(provider)));
}

interface TokenOptions {
  key?: CryptoKey;
  kid?: string;
  issuer?: string;
  audience?: string;
  /** Issued this many seconds ago (default 0). */
  age?: number;
  /** Expires this many seconds from now (default 300; negative: already expired). */
  expiresIn?: number;
}

/** An ID token of the test provider; `claims` overrides the defaults (undefined removes a claim). */
function idToken(claims: Record<string, unknown> = {}, options: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const payload = {
    sub: `user-${crypto.randomUUID()}`,
    email: uniqueEmail('sso'),
    email_verified: true,
    given_name: 'Ann',
    family_name: 'Lee',
    picture: 'https://idp.example.test/ann.png',
    iss: options.issuer ?? ISSUER,
    aud: options.audience ?? AUDIENCE,
    iat: now - (options.age ?? 0),
    exp: now + (options.expiresIn ?? 300),
    ...claims,
  };
  return new SignJWT(payload).setProtectedHeader({ alg: 'ES256', kid: options.kid ?? KID }).sign(options.key ?? signingKey);
}

/** A storefront client (visitor tokens first, as in a browser). */
function shopper() {
  return createClient({ host: server.url, modules: { authentication }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
}

/** Logs in with the token through the SDK. */
function login(token: string, client = shopper(), idpConnectionId = CONNECTION) {
  return client.authentication.loginWithIdpConnectionTokenParams({ idpConnectionId, tokenParams: { id_token: token } });
}

/** Posts JSON straight to the route. */
async function post(body: unknown) {
  const res = await fetch(`${server.url}/_api/iam/authentication/v1/sso/login-with-token-params`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json()) as any };
}

describe('login with an ID token', () => {
  it('answers SUCCESS with a session token that buys member tokens through the OAuth flow', async () => {
    const client = shopper();
    const result = await login(await idToken(), client);
    expect(result.state).toBe('SUCCESS');
    expect(result.sessionToken).toMatch(/^vst_/);

    const auth = client.auth;
    const data = await auth.generateOAuthData('http://127.0.0.1:4000/cb');
    const { authUrl } = await auth.getAuthUrl(data, { sessionToken: result.sessionToken as string, responseMode: 'query' });
    const res = await fetch(authUrl, { redirect: 'manual' });
    expect(res.status).toBe(303);
    const location = new URL(res.headers.get('location') as string);
    const code = location.searchParams.get('code') as string;
    const tokens = await auth.getMemberTokens(code, location.searchParams.get('state') as string, data);
    expect(tokens.refreshToken.role).toBe('member');
    expect(await server.services.oauth.callerOf(tokens.accessToken.value)).toMatchObject({
      kind: 'member',
      memberId: result.identity?._id,
    });
  });

  it('creates an ACTIVE member with a verified e-mail and the profile of the claims', async () => {
    const email = uniqueEmail('new');
    const result = await login(await idToken({ email, given_name: 'Ann', family_name: 'Lee', picture: 'https://idp.example.test/a.png' }));
    expect(result.identity).toMatchObject({
      identifiers: [{ email }],
      email: { address: email, isVerified: true },
      status: { name: 'ACTIVE', reasons: [] },
      identityProfile: { firstName: 'Ann', lastName: 'Lee', picture: 'https://idp.example.test/a.png' },
    });
  });

  it('creates the member once and finds it on the next login', async () => {
    const claims = { sub: `user-${crypto.randomUUID()}`, email: uniqueEmail() };
    const first = await login(await idToken(claims));
    const second = await login(await idToken(claims));
    expect(second.identity?._id).toBe(first.identity?._id);
    const rows = await server.database.db.selectFrom('identities').select('id').where('email', '=', claims.email).execute();
    expect(rows).toHaveLength(1);
  });

  it('accepts the ID token as tokenParams.idToken too', async () => {
    const response = await post({ idpConnectionId: CONNECTION, tokenParams: { idToken: await idToken() } });
    expect(response.status).toBe(200);
    expect(response.body.state).toBe('SUCCESS');
  });

  it('finds an existing password member by e-mail whatever its case, and marks the e-mail verified', async () => {
    const email = uniqueEmail('Pat');
    const registered = await shopper().authentication.registerV2({ email }, { password: PASSWORD });
    expect(registered.identity?.email?.isVerified).toBe(false);
    const result = await login(await idToken({ email: email.toLowerCase() }));
    expect(result.identity?._id).toBe(registered.identity?._id);
    expect(result.identity?.email).toEqual({ address: email, isVerified: true });
  });

  it('finds the member by issuer and subject after the e-mail changed at the provider', async () => {
    const sub = `user-${crypto.randomUUID()}`;
    const first = await login(await idToken({ sub, email: uniqueEmail('before') }));
    const renamed = uniqueEmail('after');
    const second = await login(await idToken({ sub, email: renamed }));
    expect(second.state).toBe('SUCCESS');
    expect(second.identity?._id).toBe(first.identity?._id);
    const created = await server.database.db.selectFrom('identities').select('id').where('email', '=', renamed).execute();
    expect(created).toHaveLength(0);
  });

  it('accepts a token that expired less than 30 seconds ago (clock tolerance)', async () => {
    const result = await login(await idToken({}, { age: 120, expiresIn: -20 }));
    expect(result.state).toBe('SUCCESS');
  });

  it('answers REQUIRE_OWNER_APPROVAL with a state token for a member waiting for approval', async () => {
    const email = uniqueEmail();
    await login(await idToken({ email }));
    await server.database.db
      .updateTable('identities')
      .set({ status: 'PENDING', status_reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] })
      .where('email', '=', email)
      .execute();
    const result = await login(await idToken({ email }));
    expect(result.state).toBe('REQUIRE_OWNER_APPROVAL');
    expect(result.stateToken).toMatch(/^vsa_/);
    expect(result.sessionToken).toBeUndefined();
  });

  it('refuses a blocked member (MEMBER_BLOCKED)', async () => {
    const email = uniqueEmail();
    await login(await idToken({ email }));
    await server.database.db.updateTable('identities').set({ status: 'BLOCKED' }).where('email', '=', email).execute();
    const error = await thrown(login(await idToken({ email })));
    expect(error.status).toBe(403);
    expect(error.details?.applicationError).toEqual({ code: 'MEMBER_BLOCKED', description: 'The member is blocked', data: {} });
  });

  it('does not link a blocked member to the provider account', async () => {
    const email = uniqueEmail();
    const sub = `user-${crypto.randomUUID()}`;
    const result = await shopper().authentication.registerV2({ email }, { password: PASSWORD });
    await server.database.db.updateTable('identities').set({ status: 'BLOCKED' }).where('email', '=', email).execute();
    await thrown(login(await idToken({ sub, email })));
    const links = await server.database.db
      .selectFrom('identity_links')
      .select('subject')
      .where('identity_id', '=', result.identity?._id as string)
      .execute();
    expect(links).toEqual([]);
  });
});

describe('refused ID tokens', () => {
  it.each<[string, () => Promise<string>, string, string]>([
    [
      'another issuer',
      () => idToken({}, { issuer: 'https://evil.example.test' }),
      'WRONG_ISSUER',
      'The ID token was issued by another issuer than the connection names',
    ],
    [
      'another audience',
      () => idToken({}, { audience: 'another-app' }),
      'WRONG_AUDIENCE',
      'The ID token was issued for another audience than the connection names',
    ],
    ['an expired token', () => idToken({}, { age: 600, expiresIn: -60 }), 'EXPIRED', 'The ID token expired'],
    [
      'a token issued more than 10 minutes ago',
      () => idToken({}, { age: 11 * 60 }),
      'TOO_OLD',
      'The ID token was issued more than 10 minutes ago',
    ],
    [
      'a bad signature (the published kid, another key)',
      () => idToken({}, { key: strangerKey }),
      'BAD_SIGNATURE',
      "The ID token's signature does not verify",
    ],
    [
      'an unknown kid',
      () => idToken({}, { key: strangerKey, kid: 'unknown-kid' }),
      'UNKNOWN_KEY',
      "No key of the identity provider matches the ID token's key id",
    ],
    ['a token without an e-mail', () => idToken({ email: undefined }), 'MISSING_CLAIM', 'The ID token has no "email" claim'],
    ['a token without a subject', () => idToken({ sub: undefined }), 'MISSING_CLAIM', 'The ID token has no "sub" claim'],
    [
      'a malformed e-mail',
      () => idToken({ email: 'not-an-email' }),
      'INVALID_CLAIM',
      'The ID token\'s "email" claim is not a valid e-mail address',
    ],
    [
      'an HS256 token',
      () =>
        new SignJWT({ sub: 'x', email: uniqueEmail() })
          .setProtectedHeader({ alg: 'HS256' })
          .setIssuer(ISSUER)
          .setAudience(AUDIENCE)
          .setIssuedAt()
          .setExpirationTime('5m')
          .sign(new Uint8Array(32)),
      'ALGORITHM_NOT_ALLOWED',
      'The ID token must be signed with RS256, ES256, EdDSA',
    ],
    ['something that is not a JWT', async () => 'not-a-jwt', 'MALFORMED', 'The ID token is not a well-formed signed JWT'],
  ])('refuses %s with INVALID_ID_TOKEN (401)', async (_case, token, reason, description) => {
    const error = await thrown(login(await token()));
    expect(error.status).toBe(401);
    expect(error.details?.applicationError).toMatchObject({ code: 'INVALID_ID_TOKEN', description, data: { reason } });
  });

  it('refuses a token whose e-mail the provider has not verified (IDP_EMAIL_NOT_VERIFIED)', async () => {
    const email = uniqueEmail();
    const error = await thrown(login(await idToken({ email, email_verified: false })));
    expect(error.status).toBe(403);
    expect(error.details?.applicationError).toMatchObject({
      code: 'IDP_EMAIL_NOT_VERIFIED',
      description: 'The identity provider says the e-mail is not verified; verify it there first',
    });
    const rows = await server.database.db.selectFrom('identities').select('id').where('email', '=', email).execute();
    expect(rows).toEqual([]);
  });

  it('answers UNKNOWN_IDP_CONNECTION (400) for a connection id that is not configured', async () => {
    const error = await thrown(login(await idToken(), shopper(), 'nope'));
    expect(error.status).toBe(400);
    expect(error.details?.applicationError).toEqual({
      code: 'UNKNOWN_IDP_CONNECTION',
      description: 'No identity provider connection has this id',
      data: { idpConnectionId: 'nope' },
    });
  });

  it("answers IDP_UNAVAILABLE (502) when the provider's keys cannot be fetched", async () => {
    const response = await post({ idpConnectionId: 'down-idp', tokenParams: { id_token: await idToken() } });
    expect(response.status).toBe(502);
    expect(response.body.details.applicationError).toMatchObject({ code: 'IDP_UNAVAILABLE', data: { idpConnectionId: 'down-idp' } });
  });

  it.each([
    [
      'no ID token in tokenParams',
      { idpConnectionId: CONNECTION, tokenParams: { access_token: 'x' } },
      'tokenParams.id_token',
      'REQUIRED_FIELD',
    ],
    ['no connection id', { tokenParams: { id_token: 'x' } }, 'idpConnectionId', 'REQUIRED_FIELD'],
    ['a non-string token parameter', { idpConnectionId: CONNECTION, tokenParams: { id_token: 5 } }, 'tokenParams.id_token', 'VALIDATION'],
  ])('answers a field violation for %s', async (_case, body, field, violatedRule) => {
    const response = await post(body);
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations).toEqual([expect.objectContaining({ field, violatedRule })]);
  });
});

describe('rate limit', () => {
  it('limits ID-token logins per client IP like password logins (429)', async () => {
    const limited = await startTestServer({ RATE_LIMIT_PER_MINUTE: '2' });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${limited.url}/_api/iam/authentication/v1/sso/login-with-token-params`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ idpConnectionId: 'nope', tokenParams: { id_token: 'x' } }),
        });
        statuses.push(res.status);
      }
      expect(statuses).toEqual([400, 400, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('manual approval of members', () => {
  it('creates a new member waiting for owner approval when members are approved manually', async () => {
    const strict = await startTestServer({
      APPROVE_MEMBERS_MANUALLY: 'true',
      VITRINE_IDP_CONNECTIONS: JSON.stringify([
        { id: CONNECTION, issuer: ISSUER, jwksUrl: `http://127.0.0.1:${(jwks.address() as AddressInfo).port}/jwks`, audience: AUDIENCE },
      ]),
    });
    try {
      const email = uniqueEmail();
      const client = createClient({ host: strict.url, modules: { authentication }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
      const result = await login(await idToken({ email }), client);
      expect(result.state).toBe('REQUIRE_OWNER_APPROVAL');
      expect(result.identity?.status).toEqual({ name: 'PENDING', reasons: ['PENDING_ADMIN_APPROVAL_REQUIRED'] });
      const row = await strict.database.db.selectFrom('identities').select('status').where('email', '=', email).executeTakeFirstOrThrow();
      expect(row.status).toBe('PENDING');
    } finally {
      await strict.close();
    }
  });
});
