// @vitest-environment jsdom
import { createHash } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { OAuthStrategy } from './oauth-strategy.js';

const NOW = 1735689600;
const API = 'https://api.test';
const FULL_URL = 'https://login.test/redirect/rs-silent?client_id=client-1';

interface Req {
  path: string;
  headers: Record<string, string>;
  body: any;
}

/** A strategy whose server answers the redirect session and the code exchange. */
function setup() {
  const requests: Req[] = [];
  const fetch = async (url: string, init: RequestInit) => {
    const req = { path: new URL(url).pathname, headers: init.headers as Record<string, string>, body: JSON.parse(String(init.body)) };
    requests.push(req);
    const body =
      req.path === '/oauth2/token'
        ? { access_token: 'ACCESS.member', expires_in: 14400, refresh_token: 'REFRESH.member' }
        : { redirectSession: { id: 'rs-silent', fullUrl: FULL_URL, urlDetails: { endpoint: 'https://login.test/authorize' } } };
    return new Response(JSON.stringify(body), { status: 200 });
  };
  const auth = OAuthStrategy({
    clientId: 'client-1',
    host: API,
    fetch,
    tokens: {
      accessToken: { value: 'ACCESS.visitor', expiresAt: NOW + 3600 },
      refreshToken: { value: 'REFRESH.visitor', role: 'visitor' },
    },
  });
  const sent = () => requests[0].body.auth.authRequest;
  return { auth, requests, sent };
}

const frames = () => [...document.querySelectorAll('iframe')];
/** Real timers, captured before any test fakes them (vi.waitFor would advance fake time). */
const realSetTimeout = globalThis.setTimeout;
const frameAppended = async () => {
  while (!frames().length) await new Promise((resolve) => realSetTimeout(resolve, 1));
};
const post = (origin: string, source: Window | null, data: unknown) =>
  window.dispatchEvent(new MessageEvent('message', { origin, source, data }));
const settled = (promise: Promise<unknown>) =>
  promise.then(
    (value) => ({ value }),
    (error: Error) => ({ error }),
  );

let listeners: { added: EventListenerOrEventListenerObject[]; removed: EventListenerOrEventListenerObject[] };

beforeEach(() => {
  vi.spyOn(Date, 'now').mockReturnValue(NOW * 1000);
  listeners = { added: [], removed: [] };
  const add = window.addEventListener.bind(window);
  const remove = window.removeEventListener.bind(window);
  vi.spyOn(window, 'addEventListener').mockImplementation((type: string, fn: any, options?: any) => {
    if (type === 'message') listeners.added.push(fn);
    add(type, fn, options);
  });
  vi.spyOn(window, 'removeEventListener').mockImplementation((type: string, fn: any, options?: any) => {
    if (type === 'message') listeners.removed.push(fn);
    remove(type, fn, options);
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
  document.body.innerHTML = '';
});

describe('silent login (getMemberTokensForDirectLogin, D09)', () => {
  it('opens one hidden frame on the redirect session and exchanges the code the frame posts back', async () => {
    const { auth, requests, sent } = setup();
    const result = settled(auth.getMemberTokensForDirectLogin('SESSION.1'));
    await vi.waitFor(() => expect(frames()).toHaveLength(1));
    const [frame] = frames();
    expect(frame.src).toBe(FULL_URL);
    expect(frame.style.display).toBe('none');
    expect(requests[0].path).toBe('/_api/redirects-api/v1/redirect-session');
    expect(requests[0].headers.Authorization).toBe('ACCESS.visitor');
    expect(requests[0].body).toEqual({
      auth: {
        authRequest: {
          clientId: 'client-1',
          codeChallenge: sent().codeChallenge,
          codeChallengeMethod: 'S256',
          responseMode: 'web_message',
          responseType: 'code',
          scope: 'offline_access',
          state: sent().state,
          sessionToken: 'SESSION.1',
        },
        prompt: 'none',
      },
    });

    post(API, frame.contentWindow, { code: 'CODE.silent', state: sent().state });

    expect(await result).toEqual({
      value: {
        accessToken: { value: 'ACCESS.member', expiresAt: NOW + 14400 },
        refreshToken: { value: 'REFRESH.member', role: 'member' },
      },
    });
    const exchange = requests[1];
    expect(exchange.path).toBe('/oauth2/token');
    expect(exchange.headers.Authorization).toBeUndefined();
    expect(exchange.body).toEqual({
      clientId: 'client-1',
      grantType: 'authorization_code',
      code: 'CODE.silent',
      codeVerifier: exchange.body.codeVerifier,
    });
    expect(createHash('sha256').update(exchange.body.codeVerifier).digest('base64url')).toBe(sent().codeChallenge);
    expect(frames()).toHaveLength(0);
    expect(listeners.added).toHaveLength(1);
    expect(listeners.removed).toEqual(listeners.added);
    expect(auth.getTokens().refreshToken.role).toBe('visitor'); // not stored: the app calls setTokens
  });

  it('ignores messages from another origin, another window or with another state, and keeps waiting', async () => {
    const { auth, requests, sent } = setup();
    const result = settled(auth.getMemberTokensForDirectLogin('SESSION.1'));
    await vi.waitFor(() => expect(frames()).toHaveLength(1));
    const [frame] = frames();
    const other = document.createElement('iframe');
    document.body.append(other);

    post('https://evil.example', frame.contentWindow, { code: 'CODE.evil', state: sent().state });
    post(API, other.contentWindow, { code: 'CODE.other', state: sent().state });
    post(API, frame.contentWindow, { code: 'CODE.stale', state: 'not-the-state' });
    post(API, frame.contentWindow, null);
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(requests).toHaveLength(1);
    expect(frame.isConnected).toBe(true);

    post(API, frame.contentWindow, { code: 'CODE.silent', state: sent().state });
    expect(await result).toHaveProperty('value.refreshToken.role', 'member');
    expect(requests[1].body.code).toBe('CODE.silent');
    expect(frame.isConnected).toBe(false);
    expect(listeners.removed).toEqual(listeners.added);
  });

  it("fails with 'OAuth flow timed out' after 120000 ms and cleans up", async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const delays: number[] = [];
    const fakeSetTimeout = globalThis.setTimeout;
    vi.spyOn(globalThis, 'setTimeout').mockImplementation(((fn: () => void, ms: number) => {
      delays.push(ms);
      return fakeSetTimeout(fn, ms);
    }) as typeof setTimeout);
    const { auth, requests } = setup();
    const result = settled(auth.getMemberTokensForDirectLogin('SESSION.1'));
    await frameAppended();
    expect(delays).toEqual([120000]);
    await vi.advanceTimersByTimeAsync(119999);
    expect(frames()).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1);
    const outcome = await result;
    expect(outcome).toHaveProperty('error.message', 'OAuth flow timed out');
    expect(frames()).toHaveLength(0);
    expect(listeners.added).toHaveLength(1);
    expect(listeners.removed).toEqual(listeners.added);
    expect(requests).toHaveLength(1);
  });

  it('clears its timer once the code arrives', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { auth, sent } = setup();
    const result = settled(auth.getMemberTokensForDirectLogin('SESSION.1'));
    await frameAppended();
    expect(vi.getTimerCount()).toBe(1);
    post(API, frames()[0].contentWindow, { code: 'CODE.silent', state: sent().state });
    await result;
    expect(vi.getTimerCount()).toBe(0);
  });
});
