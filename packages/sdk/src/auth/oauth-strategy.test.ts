import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { VitrineError } from '../errors.js';
import { globalFetch, type Transport } from '../transport/context.js';
import { ApiKeyStrategy } from './api-key-strategy.js';
import { BIND } from './bind.js';
import { OAuthStrategy } from './oauth-strategy.js';
import { sourcedMemberTokens, type TokenSource } from './token-source.js';
import { localStorageTokens } from './token-storage.js';
import type { Tokens } from './tokens.js';

const NOW = 1735689600;
const API = 'https://api.test';
const VISITOR: Tokens = {
  accessToken: { value: 'ACCESS.visitor', expiresAt: NOW + 3600 },
  refreshToken: { value: 'REFRESH.visitor', role: 'visitor' },
};
const SESSION = {
  redirectSession: {
    id: 'rs-1',
    fullUrl: 'https://login.test/redirect/rs-1',
    urlDetails: { endpoint: 'https://login.test/authorize' },
  },
};
const TOKENS = { access_token: 'ACCESS.new', expires_in: 14400, refresh_token: 'REFRESH.new' };
const OAUTH_DATA = {
  redirectUri: 'https://shop.test/callback',
  originalUri: 'https://shop.test/account',
  codeVerifier: 'dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk',
  codeChallenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
  state: 'STATE.fixed',
};

interface Req {
  url: string;
  path: string;
  headers: Record<string, string>;
  body?: any;
}

/** A fetch double answering by path (`status` 200 unless the handler says otherwise). */
function server(routes: Record<string, unknown | (() => { status: number; body?: unknown })>) {
  const requests: Req[] = [];
  const fetch = vi.fn(async (url: string, init: RequestInit) => {
    const path = new URL(url).pathname;
    requests.push({
      url,
      path,
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    });
    const route = routes[path];
    const { status, body } = typeof route === 'function' ? route() : { status: 200, body: route };
    return new Response(body === undefined ? null : JSON.stringify(body), { status });
  });
  return { fetch, requests };
}

const REDIRECT = '/_api/redirects-api/v1/redirect-session';
const TOKEN = '/oauth2/token';

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('getAuthUrl', () => {
  it('creates an auth redirect session (prompt login, fragment) with the strategy’s token', async () => {
    const { fetch, requests } = server({ [REDIRECT]: SESSION });
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: VISITOR });
    const data = structuredClone(OAUTH_DATA);
    expect(await auth.getAuthUrl(data)).toEqual({
      authUrl: 'https://login.test/redirect/rs-1',
      authorizationEndpoint: 'https://login.test/authorize',
      sessionToken: undefined,
    });
    expect(requests[0].url).toBe(`${API}${REDIRECT}`);
    expect(requests[0].headers.Authorization).toBe('ACCESS.visitor');
    expect(requests[0].body).toEqual({
      auth: {
        authRequest: {
          redirectUri: 'https://shop.test/callback',
          clientId: 'client-1',
          codeChallenge: OAUTH_DATA.codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: 'fragment',
          responseType: 'code',
          scope: 'offline_access',
          state: 'STATE.fixed',
        },
        prompt: 'login',
      },
    });
    expect(data).toEqual(OAUTH_DATA);
  });

  it('passes prompt, response mode and session token, and returns the session token', async () => {
    const { fetch, requests } = server({ [REDIRECT]: { redirectSession: { ...SESSION.redirectSession, sessionToken: 'SESSION.back' } } });
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: VISITOR });
    const result = await auth.getAuthUrl(OAUTH_DATA, { prompt: 'none', responseMode: 'query', sessionToken: 'SESSION.1', idp: 'google' });
    expect(result.sessionToken).toBe('SESSION.back');
    expect(requests[0].body.prompt).toBeUndefined();
    expect(requests[0].body.auth.prompt).toBe('none');
    expect(requests[0].body.auth.authRequest).toMatchObject({ responseMode: 'query', sessionToken: 'SESSION.1' });
    expect(requests[0].body.auth.authRequest).not.toHaveProperty('idp');
  });

  it("defaults to fresh PKCE data for 'unused://', and gets visitor tokens first when there are none", async () => {
    const { fetch, requests } = server({ [REDIRECT]: SESSION, [TOKEN]: TOKENS });
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch });
    await auth.getAuthUrl();
    expect(requests.map((request) => request.path)).toEqual([TOKEN, REDIRECT]);
    expect(requests[1].headers.Authorization).toBe('ACCESS.new');
    const sent = requests[1].body.auth.authRequest;
    expect(sent.redirectUri).toBe('unused://');
    expect(sent.codeChallenge).toMatch(/^[\w-]{43}$/);
    expect(sent.state).toMatch(/^[\w-]{43}$/);
  });
});

describe('parseFromUrl', () => {
  const auth = OAuthStrategy({ clientId: 'client-1', host: API });
  it.each([
    ['https://shop.test/cb#code=C1&state=S1', undefined, { code: 'C1', state: 'S1' }],
    ['https://shop.test/cb#code=C1&state=S1', 'fragment', { code: 'C1', state: 'S1' }],
    ['https://shop.test/cb?code=C1&state=S1', undefined, { code: null, state: null }],
    ['https://shop.test/cb?code=C1&state=S1', 'query', { code: 'C1', state: 'S1' }],
    [
      'https://shop.test/cb#error=access_denied&error_description=User%20cancelled&state=S1',
      'fragment',
      { code: null, state: 'S1', error: 'access_denied', errorDescription: 'User cancelled' },
    ],
  ] as const)('%s (%s)', (url, mode, expected) => {
    expect(auth.parseFromUrl(url, mode)).toEqual(expected);
  });
});

describe('getMemberTokens', () => {
  it('exchanges the code for member tokens, without storing them', async () => {
    const { fetch, requests } = server({ [TOKEN]: TOKENS });
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: VISITOR });
    expect(await auth.getMemberTokens('CODE.1', 'STATE.fixed', OAUTH_DATA)).toEqual({
      accessToken: { value: 'ACCESS.new', expiresAt: NOW + 14400 },
      refreshToken: { value: 'REFRESH.new', role: 'member' },
    });
    expect(requests[0].body).toEqual({
      clientId: 'client-1',
      grantType: 'authorization_code',
      redirectUri: 'https://shop.test/callback',
      code: 'CODE.1',
      codeVerifier: OAUTH_DATA.codeVerifier,
    });
    expect(requests[0].headers.Authorization).toBeUndefined();
    expect(auth.getTokens()).toEqual(VISITOR);
  });

  it('leaves out an empty redirect URI', async () => {
    const { fetch, requests } = server({ [TOKEN]: TOKENS });
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch });
    await auth.getMemberTokens('CODE.1', 'STATE.fixed', { ...OAUTH_DATA, redirectUri: '' });
    expect(requests[0].body).not.toHaveProperty('redirectUri');
  });

  it.each([
    [null, 'STATE.fixed', 'Missing code or _state'],
    ['CODE.1', '', 'Missing code or _state'],
    ['CODE.1', 'STATE.other', 'Invalid _state'],
  ])('code %j, state %j: %s, without a request', async (code, state, message) => {
    const { fetch } = server({});
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch });
    await expect(auth.getMemberTokens(code, state, OAUTH_DATA)).rejects.toThrow(message);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("fails with 'Failed to get member tokens' when the token endpoint refuses", async () => {
    const { fetch } = server({ [TOKEN]: () => ({ status: 400, body: { error: 'invalid_grant' } }) });
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch });
    await expect(auth.getMemberTokens('CODE.1', 'STATE.fixed', OAUTH_DATA)).rejects.toThrow('Failed to get member tokens');
  });
});

describe('logout', () => {
  it('creates a logout redirect session, then clears the tokens', async () => {
    const { fetch, requests } = server({ [REDIRECT]: SESSION });
    const member: Tokens = { ...VISITOR, refreshToken: { value: 'REFRESH.member', role: 'member' } };
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: member });
    expect(auth.loggedIn()).toBe(true);
    expect(await auth.logout('https://shop.test/')).toEqual({ logoutUrl: 'https://login.test/redirect/rs-1' });
    expect(requests[0].headers.Authorization).toBe('ACCESS.visitor');
    expect(requests[0].body).toEqual({ logout: { clientId: 'client-1' }, callbacks: { postFlowUrl: 'https://shop.test/' } });
    expect(auth.getTokens()).toEqual({ accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } });
    expect(auth.loggedIn()).toBe(false);
  });

  it('keeps the tokens when the redirect session fails', async () => {
    const { fetch } = server({ [REDIRECT]: () => ({ status: 503 }) });
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: VISITOR });
    await expect(auth.logout('https://shop.test/')).rejects.toThrow('System error occurred');
    expect(auth.getTokens()).toEqual(VISITOR);
  });
});

describe('with a token source (a backend keeps the refresh token)', () => {
  const SOURCED = sourcedMemberTokens('ACCESS.sourced', NOW + 600);

  /** A source answering `renewed` to every renewal, recording what it was asked. */
  function source(renewed: Tokens | null = SOURCED) {
    const asked: string[] = [];
    const tokenSource: TokenSource = {
      exchangeCode: async (grant) => {
        asked.push(`exchange ${grant.code} ${grant.codeVerifier} ${grant.redirectUri}`);
        return SOURCED;
      },
      renew: async () => {
        asked.push('renew');
        return renewed;
      },
      end: async () => {
        asked.push('end');
      },
    };
    return { tokenSource, asked };
  }

  it('exchanges the code through the source, never the token endpoint, and holds no refresh token', async () => {
    const { fetch } = server({});
    const { tokenSource, asked } = source();
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokenSource });
    const tokens = await auth.getMemberTokens('CODE.1', 'STATE.fixed', OAUTH_DATA);
    expect(tokens).toEqual({ accessToken: { value: 'ACCESS.sourced', expiresAt: NOW + 600 }, refreshToken: { value: '', role: 'member' } });
    expect(asked).toEqual([`exchange CODE.1 ${OAUTH_DATA.codeVerifier} https://shop.test/callback`]);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('renews expired member tokens through the source, one renewal for concurrent callers', async () => {
    const { fetch } = server({});
    const { tokenSource, asked } = source();
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokenSource, tokens: sourcedMemberTokens('ACCESS.old', NOW - 1) });
    const headers = await Promise.all([auth.getAuthHeaders(), auth.getAuthHeaders()]);
    expect(headers.map((request) => request.headers.Authorization)).toEqual(['ACCESS.sourced', 'ACCESS.sourced']);
    expect(asked).toEqual(['renew']);
    expect(auth.loggedIn()).toBe(true);
    expect(fetch).not.toHaveBeenCalled();
  });

  it('becomes a visitor through the token endpoint when the source holds no session', async () => {
    const { fetch, requests } = server({ [TOKEN]: TOKENS });
    const { tokenSource, asked } = source(null);
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokenSource, tokens: sourcedMemberTokens('ACCESS.old', NOW - 1) });
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('ACCESS.new');
    expect(asked).toEqual(['renew']);
    expect(requests.map((request) => request.body)).toEqual([{ clientId: 'client-1', grantType: 'anonymous' }]);
    expect(auth.loggedIn()).toBe(false);
  });

  it("fails with 'Failed to get member tokens', keeping the status, when the source refuses the code", async () => {
    const tokenSource: TokenSource = {
      ...source().tokenSource,
      exchangeCode: () => Promise.reject(new VitrineError('invalid_grant', { status: 400 })),
    };
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch: server({}).fetch, tokenSource });
    await expect(auth.getMemberTokens('CODE.1', 'STATE.fixed', OAUTH_DATA)).rejects.toMatchObject({
      message: 'Failed to get member tokens',
      status: 400,
    });
  });

  it("ends the source's session on logout, after the logout redirect session", async () => {
    const { fetch, requests } = server({ [REDIRECT]: SESSION });
    const { tokenSource, asked } = source();
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokenSource, tokens: SOURCED });
    await auth.logout('https://shop.test/');
    expect(requests[0].headers.Authorization).toBe('ACCESS.sourced');
    expect(asked).toEqual(['end']);
    expect(auth.loggedIn()).toBe(false);
  });
});

describe('external login', () => {
  it('asks for member tokens with the authorized_client grant and Authorization <access>,<api key>', async () => {
    const { fetch, requests } = server({ [TOKEN]: TOKENS });
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: VISITOR });
    expect(await auth.getMemberTokensForExternalLogin('member-1', 'API.KEY')).toEqual({
      accessToken: { value: 'ACCESS.new', expiresAt: NOW + 14400 },
      refreshToken: { value: 'REFRESH.new', role: 'member' },
    });
    expect(requests[0].headers.Authorization).toBe('ACCESS.visitor,API.KEY');
    expect(requests[0].body).toEqual({ grant_type: 'authorized_client', scope: 'offline_access', member_id: 'member-1' });
  });

  it('with a session: signs on, then exchanges the session, both with the api key', async () => {
    const { fetch, requests } = server({
      '/_api/iam/authentication/v2/sign-on': { identity: { id: 'ident-1' }, sessionToken: 'SESSION.signon' },
      [TOKEN]: TOKENS,
    });
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: VISITOR });
    expect((await auth.getMemberTokensForExternalLoginWithSession('ann@example.com', 'API.KEY')).refreshToken.role).toBe('member');
    expect(requests.map((request) => [request.path, request.headers.Authorization, request.body])).toEqual([
      ['/_api/iam/authentication/v2/sign-on', 'ACCESS.visitor,API.KEY', { loginId: { email: 'ann@example.com' } }],
      [TOKEN, 'ACCESS.visitor,API.KEY', { grant_type: 'authorized_client', member_id: 'ident-1', session_token: 'SESSION.signon' }],
    ]);
  });
});

describe('sendPasswordResetEmail', () => {
  it('sends the recovery e-mail with the redirect and client id, resolving to nothing', async () => {
    const { fetch, requests } = server({ '/_api/iam/recovery/v1/send-email': {} });
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: VISITOR });
    expect(await auth.sendPasswordResetEmail('ann@example.com', 'https://shop.test/reset')).toBeUndefined();
    expect(requests[0].headers.Authorization).toBe('ACCESS.visitor');
    expect(requests[0].body).toEqual({ email: 'ann@example.com', redirect: { url: 'https://shop.test/reset', clientId: 'client-1' } });
  });
});

describe('the strategy object', () => {
  it('exposes every spec-era member (D19)', () => {
    const auth = OAuthStrategy({ clientId: 'client-1', host: API });
    for (const name of [
      'captchaInvisibleSiteKey',
      'captchaVisibleSiteKey',
      'generateOAuthData',
      'generateVisitorTokens',
      'getAuthHeaders',
      'getAuthUrl',
      'getMemberTokens',
      'getMemberTokensForDirectLogin',
      'getMemberTokensForExternalLogin',
      'getMemberTokensForExternalLoginWithSession',
      'getTokens',
      'loggedIn',
      'login',
      'logout',
      'parseFromUrl',
      'processVerification',
      'register',
      'renewToken',
      'sendPasswordResetEmail',
      'setTokens',
    ]) {
      expect(auth).toHaveProperty(name);
    }
  });

  it('holds the configured captcha site keys (D22)', () => {
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, captcha: { visibleSiteKey: 'VIS', invisibleSiteKey: 'INV' } });
    expect([auth.captchaVisibleSiteKey, auth.captchaInvisibleSiteKey]).toEqual(['VIS', 'INV']);
  });

  it('counts as logged in only with a member refresh token', () => {
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, tokens: VISITOR });
    expect(auth.loggedIn()).toBe(false);
    auth.setTokens({ ...VISITOR, refreshToken: { value: 'R', role: 'member' } });
    expect(auth.loggedIn()).toBe(true);
  });

  it('once bound, sends everything through the client’s transport: hosts, fetch and headers (D15)', async () => {
    const own = server({});
    const client = server({ [TOKEN]: TOKENS, [REDIRECT]: SESSION });
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch: own.fetch });
    const transport: Transport = {
      hosts: { api: 'https://client.test', readOnly: 'https://ro.client.test' },
      fetch: client.fetch,
      headers: { 'X-Shop': 'one' },
    };
    auth[BIND](transport);
    await auth.getAuthUrl(OAUTH_DATA);
    expect(own.fetch).not.toHaveBeenCalled();
    expect(client.requests.map((request) => request.url)).toEqual([`https://client.test${TOKEN}`, `https://client.test${REDIRECT}`]);
    expect(client.requests[0].headers).toEqual({ 'Content-Type': 'application/json' });
    expect(client.requests[1].headers).toMatchObject({ 'X-Shop': 'one', Authorization: 'ACCESS.new' });
  });

  it('uses globalThis.fetch, looked up at call time, when given none', async () => {
    const { fetch } = server({ [TOKEN]: TOKENS });
    const auth = OAuthStrategy({ clientId: 'client-1', host: API });
    vi.stubGlobal('fetch', fetch);
    await auth.getAuthHeaders();
    expect(fetch).toHaveBeenCalledOnce();
    expect(globalFetch).toBeTypeOf('function');
  });
});

describe('ApiKeyStrategy', () => {
  it('authorizes with the raw api key', async () => {
    expect(await ApiKeyStrategy({ apiKey: 'IST.key' }).getAuthHeaders()).toEqual({ headers: { Authorization: 'IST.key' } });
  });
});

describe('localStorageTokens', () => {
  it('persists tokens under its key and reads them back', () => {
    const items = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => items.set(key, value),
    });
    const store = localStorageTokens('shop.tokens');
    expect(store.getTokens()).toBeUndefined();
    store.setTokens(VISITOR);
    expect(JSON.parse(items.get('shop.tokens') as string)).toEqual(VISITOR);
    expect(localStorageTokens('shop.tokens').getTokens()).toEqual(VISITOR);
  });

  it('keeps tokens in memory where there is no localStorage', () => {
    const store = localStorageTokens();
    expect(store.getTokens()).toBeUndefined();
    store.setTokens(VISITOR);
    expect(store.getTokens()).toEqual(VISITOR);
  });
});
