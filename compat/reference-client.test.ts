// The reference storefront client (spec era: @wix/sdk 1.10.2, @wix/identity 1.0.80, @wix/redirects 1.0.44),
// unchanged, against our real server. It calls fixed hosts through `globalThis.fetch`; the test points
// those hosts at the server it started and changes nothing else.
import { redirects } from '@wix/redirects';
import { createClient, OAuthStrategy } from '@wix/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestCode, uniqueEmail } from '../packages/server/test/support/mailbox.js';
import { startTestServer, TEST_CLIENT_ID, type TestServer } from '../packages/server/test/support/test-server.js';

const REFERENCE_ORIGINS = ['https://www.wixapis.com', 'https://readonly.wixapis.com', 'https://edge.wixapis.com'];
const REDIRECT = 'http://127.0.0.1:4000/callback';
const PASSWORD = 'correct horse battery staple';

/** The server the reference's hosts are routed to (each describe block starts its own). */
let target = '';
/** What the reference sent, as `METHOD host path`: evidence for failures. */
const sent: string[] = [];
const realFetch = globalThis.fetch;

beforeAll(() => {
  globalThis.fetch = (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const origin = REFERENCE_ORIGINS.find((known) => url === known || url.startsWith(`${known}/`));
    if (!origin) return realFetch(input, init);
    const routed = target + url.slice(origin.length);
    sent.push(`${init?.method ?? 'GET'} ${new URL(origin).host} ${new URL(routed).pathname}`);
    return input instanceof Request ? realFetch(new Request(routed, input), init) : realFetch(routed, init);
  };
});
afterAll(() => {
  globalThis.fetch = realFetch;
});

/** A storefront client as the reference's docs write one, with the redirects module. */
function storefront() {
  return createClient({ modules: { redirects }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
}

/** Starts a server for one describe block and routes the reference's hosts to it. */
function serverFor(env: Record<string, string> = {}): () => TestServer {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(env);
    target = server.url;
  });
  afterAll(() => server?.close());
  return () => server;
}

/** Registers a member through the reference and returns its e-mail. */
async function registered(): Promise<string> {
  const email = uniqueEmail('ref');
  const result = await storefront().auth.register({ email, password: PASSWORD });
  expect(result.loginState).toBe('SUCCESS');
  return email;
}

/** Logs in through the reference and turns the session token into member tokens (prompt none, code + PKCE). */
async function memberTokens(client: ReturnType<typeof storefront>, email: string) {
  const login = await client.auth.login({ email, password: PASSWORD });
  expect(login.loginState).toBe('SUCCESS');
  const sessionToken = (login as { data: { sessionToken: string } }).data.sessionToken;
  const oauthData = client.auth.generateOAuthData(REDIRECT);
  // The reference reads `opts.sessionToken` but its typings do not declare it, hence the cast.
  const { authUrl } = await client.auth.getAuthUrl(oauthData, { prompt: 'none', sessionToken } as never);
  const res = await fetch(authUrl, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const { code, state } = client.auth.parseFromUrl(res.headers.get('location') as string);
  return client.auth.getMemberTokens(code, state, oauthData);
}

describe('visitor tokens', () => {
  const server = serverFor();

  it('generateVisitorTokens answers a visitor token pair our server verifies', async () => {
    const tokens = await storefront().auth.generateVisitorTokens();
    expect(tokens.refreshToken.role).toBe('visitor');
    expect(tokens.accessToken.expiresAt).toBeGreaterThan(Date.now() / 1000);
    expect(await server().services.oauth.callerOf(tokens.accessToken.value)).toMatchObject({ kind: 'visitor', clientId: TEST_CLIENT_ID });
    expect(sent.at(-1)).toBe('POST www.wixapis.com /oauth2/token');
  });

  it('renewToken keeps the visitor and hands back the refresh token it was given (the reference ignores rotation)', async () => {
    const client = storefront();
    const first = await client.auth.generateVisitorTokens();
    const renewed = await client.auth.renewToken(first.refreshToken);
    expect(renewed.accessToken.value).not.toBe(first.accessToken.value);
    expect(renewed.refreshToken).toBe(first.refreshToken);
    const before = await server().services.oauth.callerOf(first.accessToken.value);
    const after = await server().services.oauth.callerOf(renewed.accessToken.value);
    expect(after).toMatchObject({ kind: 'visitor', visitorId: before?.kind === 'visitor' ? before.visitorId : 'none' });
  });

  it('a second renewal with the already rotated refresh token still works within the 30 s reuse grace window', async () => {
    const client = storefront();
    const first = await client.auth.generateVisitorTokens();
    await client.auth.renewToken(first.refreshToken);
    const again = await client.auth.renewToken(first.refreshToken);
    const before = await server().services.oauth.callerOf(first.accessToken.value);
    expect(await server().services.oauth.callerOf(again.accessToken.value)).toMatchObject({
      kind: 'visitor',
      visitorId: before?.kind === 'visitor' ? before.visitorId : 'none',
    });
  });

  it('module calls fetch a visitor token themselves and our server reads it from the raw Authorization header', async () => {
    const client = storefront();
    // A login session names no client: its post-flow URL is accepted only as one registered for the caller's client.
    const { redirectSession } = await client.redirects.createRedirectSession({
      login: {},
      callbacks: { postFlowUrl: 'http://127.0.0.1:4000/' },
    });
    expect(redirectSession?.fullUrl?.startsWith(`${server().url}/account/login?`)).toBe(true);
    expect(client.auth.getTokens().refreshToken.role).toBe('visitor');
    expect(sent.slice(-2)).toEqual(['POST www.wixapis.com /oauth2/token', 'POST www.wixapis.com /_api/redirects-api/v1/redirect-session']);
  });
});

describe('visitor tokens past the reuse grace window', () => {
  const server = serverFor({ REFRESH_REUSE_GRACE: '0' });

  it('a stale refresh token is refused, and the reference silently becomes a new visitor', async () => {
    const client = storefront();
    const first = await client.auth.generateVisitorTokens();
    await client.auth.renewToken(first.refreshToken);
    await expect(client.auth.renewToken(first.refreshToken)).rejects.toThrow('something went wrong');
    const fallback = await client.auth.generateVisitorTokens({ refreshToken: first.refreshToken });
    const before = await server().services.oauth.callerOf(first.accessToken.value);
    const after = await server().services.oauth.callerOf(fallback.accessToken.value);
    expect(after?.kind).toBe('visitor');
    expect(after?.kind === 'visitor' && before?.kind === 'visitor' && after.visitorId !== before.visitorId).toBe(true);
  });

  it('so a member whose stale refresh token is refused is silently logged out to a new visitor', async () => {
    const client = storefront();
    client.auth.setTokens(await memberTokens(client, await registered()));
    const member = client.auth.getTokens();
    await client.auth.renewToken(member.refreshToken);
    const fallback = await client.auth.generateVisitorTokens({ refreshToken: member.refreshToken });
    expect(fallback.refreshToken.role).toBe('visitor');
    expect(await server().services.oauth.callerOf(fallback.accessToken.value)).toMatchObject({ kind: 'visitor' });
  });
});

describe("a client registered with the 'reuse' refresh policy (vitrine clients create --refresh-policy reuse)", () => {
  const server = serverFor({ REFRESH_REUSE_GRACE: '0' });

  it('keeps a reference-client member signed in across renewals with its first refresh token', async () => {
    await server().services.clients.save({ ...(await server().services.clients.find(TEST_CLIENT_ID))!, refreshPolicy: 'reuse' });
    const client = storefront();
    client.auth.setTokens(await memberTokens(client, await registered()));
    const member = client.auth.getTokens();
    for (let i = 0; i < 3; i++) {
      const renewed = await client.auth.renewToken(member.refreshToken);
      expect(await server().services.oauth.callerOf(renewed.accessToken.value)).toMatchObject({ kind: 'member' });
    }
  });
});

describe('members', () => {
  const server = serverFor();

  it('register then login answer SUCCESS with a session token', async () => {
    const email = await registered();
    const result = await storefront().auth.login({ email, password: PASSWORD });
    expect(result).toMatchObject({ loginState: 'SUCCESS', data: { sessionToken: expect.any(String) } });
    expect(sent.at(-1)).toBe('POST www.wixapis.com /_api/iam/authentication/v2/login');
  });

  it('getAuthUrl with prompt none and the session token gives a code that getMemberTokens exchanges for member tokens', async () => {
    const email = await registered();
    const client = storefront();
    const tokens = await memberTokens(client, email);
    expect(tokens.refreshToken.role).toBe('member');
    const member = await server().database.db.selectFrom('identities').select('id').where('email', '=', email).executeTakeFirstOrThrow();
    expect(await server().services.oauth.callerOf(tokens.accessToken.value)).toMatchObject({ kind: 'member', memberId: member.id });
  });

  it('loggedIn is true once the member tokens are set', async () => {
    const client = storefront();
    const tokens = await memberTokens(client, await registered());
    expect(client.auth.loggedIn()).toBe(false);
    client.auth.setTokens(tokens);
    expect(client.auth.loggedIn()).toBe(true);
  });

  it('logout answers a logout URL on our server that signs out and returns to the given URL', async () => {
    const client = storefront();
    client.auth.setTokens(await memberTokens(client, await registered()));
    const { logoutUrl } = await client.auth.logout('http://127.0.0.1:4000/');
    expect(logoutUrl.startsWith(`${server().url}/account/logout?`)).toBe(true);
    expect(client.auth.loggedIn()).toBe(false);
    expect(client.auth.getTokens().accessToken.value).toBe('');
    const page = await fetch(logoutUrl, { redirect: 'manual' });
    expect(page.status).toBe(303);
    expect(page.headers.get('location')).toBe('http://127.0.0.1:4000/');
  });

  it('a wrong password is the reference FAILURE with errorCode invalidPassword', async () => {
    const email = await registered();
    const result = await storefront().auth.login({ email, password: 'not the password' });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'invalidPassword' });
  });

  it('an e-mail already registered is the reference FAILURE with errorCode emailAlreadyExists', async () => {
    const email = await registered();
    const result = await storefront().auth.register({ email, password: PASSWORD });
    expect(result).toMatchObject({ loginState: 'FAILURE', errorCode: 'emailAlreadyExists' });
  });
});

describe('e-mail verification on register', () => {
  const server = serverFor({ VERIFY_EMAIL_ON_REGISTER: 'true' });

  it('register asks for verification, and processVerification with the mailed code answers SUCCESS', async () => {
    const client = storefront();
    const email = uniqueEmail('verify');
    const result = await client.auth.register({ email, password: PASSWORD });
    expect(result).toMatchObject({ loginState: 'EMAIL_VERIFICATION_REQUIRED', data: { stateToken: expect.any(String) } });
    const code = await latestCode(server().url, email);
    const done = await client.auth.processVerification({ verificationCode: code });
    expect(done).toMatchObject({ loginState: 'SUCCESS', data: { sessionToken: expect.any(String) } });
  });
});
