import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAuthStrategy } from './oauth-strategy.js';
import type { TokenStorage } from './token-storage.js';
import type { Tokens } from './tokens.js';

const NOW = 1735689600;
const API = 'https://api.test';

interface Req {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: any;
}
type Reply = { status?: number; body?: unknown; headers?: Record<string, string> } | 'network';

/** A fetch double: records every request, answers through `route` one macrotask later. */
function fakeFetch(route: (req: Req, count: number) => Reply) {
  const requests: Req[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const req: Req = {
      method: String(init.method),
      path: new URL(url).pathname,
      headers: init.headers as Record<string, string>,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    requests.push(req);
    await new Promise((resolve) => setTimeout(resolve, 1));
    const reply = route(req, requests.length);
    if (reply === 'network') throw new TypeError('fetch failed');
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: reply.headers,
    });
  };
  return { fetch, requests };
}

/** A token endpoint handing out numbered tokens; `rotate` adds a new refresh token to refresh answers. */
const tokenServer = (rotate = true) =>
  fakeFetch((req, count) =>
    req.body.grantType === 'refresh_token'
      ? {
          body: {
            access_token: `ACCESS.renewed.${count}`,
            expires_in: 14400,
            ...(rotate && { refresh_token: `REFRESH.rotated.${count}` }),
          },
        }
      : { body: { access_token: `ACCESS.anon.${count}`, expires_in: 14400, refresh_token: `REFRESH.anon.${count}` } },
  );

const member = (expiresAt: number): Tokens => ({
  accessToken: { value: 'ACCESS.member', expiresAt },
  refreshToken: { value: 'REFRESH.member', role: 'member' },
});

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
});

describe('single-flight renewal (D01)', () => {
  it('makes one anonymous token request for 50 concurrent first calls, and all use its token', async () => {
    const { fetch, requests } = tokenServer();
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch });
    const all = await Promise.all(Array.from({ length: 50 }, () => auth.getAuthHeaders()));
    expect(requests).toHaveLength(1);
    expect(requests[0].body).toEqual({ clientId: 'client-1', grantType: 'anonymous' });
    expect(new Set(all.map((request) => request.headers.Authorization))).toEqual(new Set(['ACCESS.anon.1']));
    expect(auth.getTokens()).toEqual({
      accessToken: { value: 'ACCESS.anon.1', expiresAt: NOW + 14400 },
      refreshToken: { value: 'REFRESH.anon.1', role: 'visitor' },
    });
  });

  it('makes one refresh request for 50 concurrent calls on an expired token, and all use its token', async () => {
    const { fetch, requests } = tokenServer();
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: member(NOW - 1) });
    const all = await Promise.all(Array.from({ length: 50 }, () => auth.getAuthHeaders()));
    expect(requests).toHaveLength(1);
    expect(requests[0].body).toEqual({ clientId: 'client-1', refreshToken: 'REFRESH.member', grantType: 'refresh_token' });
    expect(new Set(all.map((request) => request.headers.Authorization))).toEqual(new Set(['ACCESS.renewed.1']));
  });

  it('starts a new renewal once the previous one has settled', async () => {
    const { fetch, requests } = tokenServer();
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch });
    await auth.getAuthHeaders();
    vi.spyOn(Date, 'now').mockReturnValue((NOW + 14401) * 1000);
    expect((await auth.getAuthHeaders()).headers.Authorization).toBe('ACCESS.renewed.2');
    expect(requests).toHaveLength(2);
  });

  it('takes the Web Lock and re-reads the storage, using tokens another tab renewed meanwhile', async () => {
    const { fetch, requests } = tokenServer();
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: member(NOW - 1) });
    const names: string[] = [];
    vi.stubGlobal('navigator', {
      locks: {
        request: async (name: string, fn: () => Promise<unknown>) => {
          names.push(name);
          auth.setTokens(member(NOW + 3600)); // the other tab renewed while this one waited
          return fn();
        },
      },
    });
    expect(await auth.getAuthHeaders()).toEqual({ headers: { Authorization: 'ACCESS.member' } });
    expect(names).toEqual(['vitrine.tokens.client-1']);
    expect(requests).toHaveLength(0);
  });

  it('renews inside the Web Lock when no other tab did', async () => {
    const { fetch, requests } = tokenServer();
    let held = false;
    vi.stubGlobal('navigator', {
      locks: {
        request: async (_: string, fn: () => Promise<unknown>) => {
          held = true;
          try {
            return await fn();
          } finally {
            held = false;
          }
        },
      },
    });
    const seen: boolean[] = [];
    const auth = OAuthStrategy({
      clientId: 'client-1',
      host: API,
      fetch: (url, init) => {
        seen.push(held);
        return fetch(url, init);
      },
    });
    await auth.getAuthHeaders();
    expect(seen).toEqual([true]);
    expect(requests).toHaveLength(1);
  });
});

describe('expiry', () => {
  it('still uses a token whose expiresAt is this very second', async () => {
    const { fetch, requests } = tokenServer();
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: member(NOW) });
    expect(await auth.getAuthHeaders()).toEqual({ headers: { Authorization: 'ACCESS.member' } });
    expect(requests).toHaveLength(0);
  });

  it('renews a token that expired a second ago', async () => {
    const { fetch, requests } = tokenServer();
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: member(NOW - 1) });
    await auth.getAuthHeaders();
    expect(requests).toHaveLength(1);
  });

  it('sets expiresAt to now (whole seconds) plus expires_in, also when expires_in is a string', async () => {
    vi.spyOn(Date, 'now').mockReturnValue(NOW * 1000 + 999);
    const { fetch } = fakeFetch(() => ({ body: { access_token: 'A', expires_in: '60', refresh_token: 'R' } }));
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch });
    expect((await auth.generateVisitorTokens()).accessToken.expiresAt).toBe(NOW + 60);
  });
});

describe('token calls', () => {
  it('POST <api>/oauth2/token with a JSON body and no Authorization header', async () => {
    const calls: [string, RequestInit][] = [];
    const { fetch } = tokenServer();
    const auth = OAuthStrategy({
      clientId: 'client-1',
      host: `${API}/`,
      fetch: (url, init) => {
        calls.push([url, init]);
        return fetch(url, init);
      },
    });
    await auth.generateVisitorTokens();
    expect(calls[0][0]).toBe(`${API}/oauth2/token`);
    expect(calls[0][1].method).toBe('POST');
    expect(calls[0][1].headers).toEqual({ 'Content-Type': 'application/json' });
  });

  it("fails with 'something went wrong' on any other answer than 200", async () => {
    const { fetch } = fakeFetch(() => ({ status: 500, body: { message: 'boom' }, headers: { 'x-wix-request-id': 'req-1' } }));
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch });
    await expect(auth.generateVisitorTokens()).rejects.toMatchObject({ message: 'something went wrong', status: 500, requestId: 'req-1' });
  });

  it('returns valid tokens unchanged, without a request', async () => {
    const { fetch, requests } = tokenServer();
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch });
    const tokens = member(NOW + 60);
    expect(await auth.generateVisitorTokens(tokens)).toBe(tokens);
    expect(requests).toHaveLength(0);
  });
});

describe('refresh-token rotation (D07)', () => {
  it('replaces the refresh token by a rotated one, keeping its role', async () => {
    const { fetch } = tokenServer(true);
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch });
    const refreshToken = { value: 'REFRESH.member', role: 'member' } as const;
    expect(await auth.renewToken(refreshToken)).toEqual({
      accessToken: { value: 'ACCESS.renewed.1', expiresAt: NOW + 14400 },
      refreshToken: { value: 'REFRESH.rotated.1', role: 'member' },
    });
    expect(refreshToken).toEqual({ value: 'REFRESH.member', role: 'member' });
  });

  it('keeps the refresh token when the answer has none', async () => {
    const { fetch } = tokenServer(false);
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch });
    expect((await auth.renewToken({ value: 'REFRESH.member', role: 'member' })).refreshToken).toEqual({
      value: 'REFRESH.member',
      role: 'member',
    });
  });

  it('stores the rotated refresh token on automatic renewal', async () => {
    const { fetch } = tokenServer(true);
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: member(NOW - 1) });
    await auth.getAuthHeaders();
    expect(auth.getTokens().refreshToken).toEqual({ value: 'REFRESH.rotated.1', role: 'member' });
    expect(auth.loggedIn()).toBe(true);
  });
});

describe('refresh failures (D08)', () => {
  it.each([400, 401])('falls back to a new visitor when the token endpoint answers %i', async (status) => {
    const { fetch, requests } = fakeFetch((req) =>
      req.body.grantType === 'refresh_token'
        ? { status, body: { error: 'invalid_grant' } }
        : { body: { access_token: 'ACCESS.anon', expires_in: 14400, refresh_token: 'REFRESH.anon' } },
    );
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens: member(NOW - 1) });
    expect(await auth.getAuthHeaders()).toEqual({ headers: { Authorization: 'ACCESS.anon' } });
    expect(requests.map((request) => request.body.grantType)).toEqual(['refresh_token', 'anonymous']);
    expect(auth.getTokens().refreshToken).toEqual({ value: 'REFRESH.anon', role: 'visitor' });
    expect(auth.loggedIn()).toBe(false);
  });

  it('keeps the member logged in and throws when the token endpoint answers 503', async () => {
    const { fetch, requests } = fakeFetch(() => ({ status: 503, body: { message: 'token service unavailable' } }));
    const tokens = member(NOW - 10);
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens });
    await expect(auth.getAuthHeaders()).rejects.toMatchObject({ message: 'something went wrong', status: 503 });
    expect(requests).toHaveLength(1);
    expect(auth.getTokens()).toEqual(tokens);
    expect(auth.loggedIn()).toBe(true);
  });

  it('keeps the member logged in and throws on a network failure', async () => {
    const { fetch, requests } = fakeFetch(() => 'network');
    const tokens = member(NOW - 10);
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokens });
    await expect(auth.getAuthHeaders()).rejects.toThrow('System error occurred');
    expect(requests).toHaveLength(1);
    expect(auth.getTokens()).toEqual(tokens);
    expect(auth.loggedIn()).toBe(true);
  });

  it('generateVisitorTokens throws on a 503 refresh without asking for a visitor', async () => {
    const { fetch, requests } = fakeFetch(() => ({ status: 503 }));
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch });
    await expect(auth.generateVisitorTokens({ refreshToken: { value: 'REFRESH.member', role: 'member' } })).rejects.toThrow();
    expect(requests).toHaveLength(1);
    expect(auth.getTokens().refreshToken.role).toBe('none');
  });
});

describe('token storage', () => {
  it('reads the storage on every use and writes every change', async () => {
    const writes: Tokens[] = [];
    let current: Tokens | null = null;
    const tokenStorage: TokenStorage = {
      getTokens: () => current,
      setTokens: (tokens) => {
        writes.push(tokens);
        current = tokens;
      },
    };
    const { fetch } = tokenServer();
    const auth = OAuthStrategy({ clientId: 'client-1', host: API, fetch, tokenStorage });
    expect(auth.getTokens()).toEqual({ accessToken: { value: '', expiresAt: 0 }, refreshToken: { value: '', role: 'none' } });
    await auth.getAuthHeaders();
    expect(writes).toHaveLength(1);
    current = member(NOW + 60); // changed elsewhere (another tab, a cookie)
    expect(await auth.getAuthHeaders()).toEqual({ headers: { Authorization: 'ACCESS.member' } });
    expect(auth.loggedIn()).toBe(true);
  });
});
