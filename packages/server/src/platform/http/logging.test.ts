import { createClient, OAuthStrategy, type OAuthStrategyInstance } from '@vitrine/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Answer, postJson, send, visitorTokens } from '../../../test/support/http.js';
import { latestRecoveryToken, uniqueEmail } from '../../../test/support/mailbox.js';
import { startTestServer, TEST_CLIENT_ID, type TestServer } from '../../../test/support/test-server.js';

const REDIRECT = 'http://127.0.0.1:4000/callback';
const PASSWORD = 'correct horse battery staple';
const WRONG_PASSWORD = 'incorrect donkey battery staple';
const NEW_PASSWORD = 'a brand new passphrase 42';

/** Every secret the scenario handles, by name; each test asserts one is absent from the log. */
const SECRETS = [
  'password',
  'wrong password',
  'new password (recovery)',
  'visitor access token',
  'visitor refresh token',
  'refreshed access token',
  'refreshed refresh token',
  'session token of the registration',
  'session token of the login',
  'auth redirect session id',
  'authorization code (direct login)',
  'authorization code (hosted session)',
  'code verifier',
  'member access token',
  'member refresh token',
  'API key (Authorization header)',
  'merchant Authorization header value',
  'CSRF cookie value',
  'CSRF cookie value, unsigned',
  'hosted-session cookie value',
  'hosted-session cookie value, unsigned',
  'recovery token',
] as const;
type SecretName = (typeof SECRETS)[number];

let server: TestServer;
const lines: string[] = [];
const secrets = {} as Record<SecretName, string>;

beforeAll(async () => {
  server = await startTestServer({ LOG_LEVEL: 'debug' }, { logStream: { write: (line) => void lines.push(line) } });
  await runScenario();
}, 30_000);
afterAll(() => server?.close());

const log = () => lines.join('');

describe('the request log', () => {
  it('has request lines, with secret query values redacted (so the checks below can fail)', () => {
    expect(log()).toContain('"msg":"incoming request"');
    expect(log()).toContain('"url":"/_api/iam/authentication/v2/login"');
    expect(log()).toContain('"url":"/oauth2/authorize?session=%5Bredacted%5D&code=%5Bredacted%5D"');
  });

  it.each(SECRETS)('never contains the %s', (name) => {
    const secret = secrets[name];
    expect(secret?.length).toBeGreaterThanOrEqual(8);
    expect(log()).not.toContain(secret);
  });
});

/** A shopper's path through the server touching every kind of secret, as real requests. */
async function runScenario(): Promise<void> {
  const url = server.url;
  const email = uniqueEmail();
  Object.assign(secrets, { password: PASSWORD, 'wrong password': WRONG_PASSWORD, 'new password (recovery)': NEW_PASSWORD });

  const visitor = await visitorTokens(url);
  secrets['visitor access token'] = visitor.access_token;
  secrets['visitor refresh token'] = visitor.refresh_token;
  const refreshed = await postJson(url, '/oauth2/token', {
    grantType: 'refresh_token',
    clientId: TEST_CLIENT_ID,
    refreshToken: visitor.refresh_token,
  });
  expect(refreshed.status).toBe(200);
  secrets['refreshed access token'] = refreshed.body.access_token;
  secrets['refreshed refresh token'] = refreshed.body.refresh_token;
  const asVisitor = { authorization: `Bearer ${refreshed.body.access_token}` };

  const registered = await postJson(url, '/_api/iam/authentication/v2/register', { loginId: { email }, password: PASSWORD }, asVisitor);
  expect(registered.body.state).toBe('SUCCESS');
  secrets['session token of the registration'] = registered.body.sessionToken;
  const failed = await postJson(url, '/_api/iam/authentication/v2/login', { loginId: { email }, password: WRONG_PASSWORD }, asVisitor);
  expect(failed.status).toBeGreaterThanOrEqual(400);
  const loggedIn = await postJson(url, '/_api/iam/authentication/v2/login', { loginId: { email }, password: PASSWORD }, asVisitor);
  secrets['session token of the login'] = loggedIn.body.sessionToken;

  await directLogin(loggedIn.body.sessionToken);
  await hostedLogin(email);
  await recovery(email);

  secrets['API key (Authorization header)'] = server.apiKey;
  const combined = `${secrets['member access token']},${server.apiKey}`;
  secrets['merchant Authorization header value'] = combined;
  const signOn = await postJson(
    url,
    '/_api/iam/authentication/v2/sign-on',
    { loginId: { email: uniqueEmail() } },
    { authorization: combined },
  );
  expect(signOn.status).toBe(200);
}

/** The SDK's direct login: session token → auth URL (`session=`) → code → member tokens; then a URL with `code=`. */
async function directLogin(sessionToken: string): Promise<void> {
  const client = shop();
  const data = await client.auth.generateOAuthData(REDIRECT);
  const { authUrl } = await client.auth.getAuthUrl(data, { responseMode: 'query', sessionToken });
  const session = new URL(authUrl).searchParams.get('session') as string;
  secrets['auth redirect session id'] = session;
  const answer = await send(authUrl);
  const code = new URL(answer.headers.get('location') as string).searchParams.get('code') as string;
  secrets['authorization code (direct login)'] = code;
  secrets['code verifier'] = data.codeVerifier;
  const tokens = await client.auth.getMemberTokens(code, data.state, data);
  secrets['member access token'] = tokens.accessToken.value;
  secrets['member refresh token'] = tokens.refreshToken.value;
  await send(`${server.url}/oauth2/authorize?session=${encodeURIComponent(session)}&code=${encodeURIComponent(code)}`);
}

/** The hosted login form (CSRF cookie, password in a urlencoded body), then prompt=none on the session cookie. */
async function hostedLogin(email: string): Promise<void> {
  const jar = new CookieJar();
  const client = shop();
  const { authUrl } = await client.auth.getAuthUrl(await client.auth.generateOAuthData(REDIRECT), { responseMode: 'query' });
  const page = jar.absorb(await send(authUrl));
  const form = new URLSearchParams({ ...hiddenFields(page.text), email, password: PASSWORD });
  const done = jar.absorb(
    await send(`${server.url}/oauth2/authorize/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
      body: form,
    }),
  );
  expect(done.status).toBe(303);
  const silent = await client.auth.getAuthUrl(await client.auth.generateOAuthData(REDIRECT), { responseMode: 'query', prompt: 'none' });
  const answer = await send(silent.authUrl, { headers: { cookie: jar.header() } });
  secrets['authorization code (hosted session)'] = new URL(answer.headers.get('location') as string).searchParams.get('code') as string;
  recordCookie(jar, 'vt_csrf', 'CSRF cookie value');
  recordCookie(jar, 'vt_session', 'hosted-session cookie value');
}

/** Recovery: the mailed token opens the hosted reset page (`token=`), whose form sets a new password. */
async function recovery(email: string): Promise<void> {
  const sent = await postJson(server.url, '/_api/iam/recovery/v1/send-email', { email });
  expect(sent.status).toBe(200);
  const token = await latestRecoveryToken(server.url, email);
  secrets['recovery token'] = token;
  const jar = new CookieJar();
  const page = jar.absorb(await send(`${server.url}/account/reset-password?token=${encodeURIComponent(token)}`));
  const form = new URLSearchParams({ ...hiddenFields(page.text), password: NEW_PASSWORD, confirm: NEW_PASSWORD });
  const reset = await send(`${server.url}/account/reset-password`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: jar.header() },
    body: form,
  });
  expect(reset.status).toBe(200);
}

function shop(): { auth: OAuthStrategyInstance } {
  return createClient({ host: server.url, modules: {}, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) }) as never;
}

/** Records a signed cookie's value whole and without its signature (the secret itself). */
function recordCookie(jar: CookieJar, cookie: string, name: 'CSRF cookie value' | 'hosted-session cookie value'): void {
  const value = jar.get(cookie);
  if (!value) throw new Error(`no ${cookie} cookie was set`);
  secrets[name] = value;
  secrets[`${name}, unsigned`] = decodeURIComponent(value.slice(0, value.lastIndexOf('.')));
}

/** The hidden inputs of a hosted page's first form. */
function hiddenFields(html: string): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [input] of html.matchAll(/<input\b[^>]*type="hidden"[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(input)?.[1];
    if (name && !(name in fields)) fields[name] = (/\bvalue="([^"]*)"/.exec(input)?.[1] ?? '').replaceAll('&amp;', '&');
  }
  return fields;
}

/** Cookies by name, as a browser would keep them between the hosted pages. */
class CookieJar {
  private readonly cookies = new Map<string, string>();

  absorb(answer: Answer): Answer {
    for (const cookie of answer.headers.getSetCookie()) {
      const pair = cookie.split(';')[0];
      this.cookies.set(pair.slice(0, pair.indexOf('=')).trim(), pair.slice(pair.indexOf('=') + 1).trim());
    }
    return answer;
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
