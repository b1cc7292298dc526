import { describe, expect, it } from 'vitest';
import { OAuthStrategy } from './auth/oauth-strategy.js';
import { createClient } from './client.js';
import { currentCart } from './modules/cart.js';
import { products } from './modules/products.js';

interface Seen {
  url: string;
  method: string;
  headers: Record<string, string>;
}

/** A fetch answering token calls with a fresh visitor and everything else with an empty cart. */
function fakeServer() {
  const seen: Seen[] = [];
  let tokens = 0;
  const fetch = async (url: string, init: RequestInit) => {
    seen.push({ url, method: init.method ?? 'GET', headers: init.headers as Record<string, string> });
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (url.endsWith('/oauth2/token')) {
      tokens++;
      return Response.json({ access_token: `ACCESS.${tokens}`, expires_in: 3600, refresh_token: `REFRESH.${tokens}` });
    }
    return Response.json({ cart: { id: 'c1' } }, { headers: { 'X-Wix-Request-Id': 'r1' } });
  };
  return { seen, fetch };
}

describe('createClient', () => {
  it('makes exactly one token request for 50 parallel calls without tokens, all carrying its token', async () => {
    const server = fakeServer();
    const client = createClient({
      host: 'https://shop.test',
      modules: { currentCart },
      auth: OAuthStrategy({ clientId: 'demo' }),
      fetch: server.fetch,
    });
    const carts = await Promise.all(Array.from({ length: 50 }, () => client.currentCart.getCurrentCart()));
    expect(carts.every((cart) => cart?._id === 'c1')).toBe(true);
    const tokenCalls = server.seen.filter((request) => request.url.endsWith('/oauth2/token'));
    expect(tokenCalls).toHaveLength(1);
    const auths = new Set(
      server.seen.filter((request) => !request.url.endsWith('/oauth2/token')).map((request) => request.headers.Authorization),
    );
    expect([...auths]).toEqual(['ACCESS.1']);
  });

  it('makes exactly one refresh request for 50 parallel calls on an expired token', async () => {
    const server = fakeServer();
    const expired = { accessToken: { value: 'OLD', expiresAt: 1 }, refreshToken: { value: 'R', role: 'member' as const } };
    const auth = OAuthStrategy({ clientId: 'demo', tokens: expired });
    const client = createClient({ host: 'https://shop.test', modules: { currentCart }, auth, fetch: server.fetch });
    await Promise.all(Array.from({ length: 50 }, () => client.currentCart.getCurrentCart()));
    expect(server.seen.filter((request) => request.url.endsWith('/oauth2/token'))).toHaveLength(1);
    expect(auth.getTokens().refreshToken.role).toBe('member');
  });

  it('sends GETs other than the current cart to the readOnly host, everything else to api', async () => {
    const server = fakeServer();
    const client = createClient({
      host: { api: 'https://api.test', readOnly: 'https://ro.test' },
      modules: { currentCart, products },
      fetch: server.fetch,
    });
    await client.currentCart.getCurrentCart();
    await client.products.getProduct('p1');
    await client.currentCart.removeCouponFromCurrentCart();
    expect(server.seen.map((request) => `${request.method} ${request.url}`)).toEqual([
      'GET https://api.test/ecom/v1/carts/current',
      'GET https://ro.test/stores-reader/v1/products/p1?id=p1',
      'POST https://api.test/ecom/v1/carts/current/remove-coupon',
    ]);
  });

  it('sends headers set with setHeaders on every later request, and no Authorization without auth', async () => {
    const server = fakeServer();
    const client = createClient({ host: 'https://shop.test', modules: { currentCart }, fetch: server.fetch });
    client.setHeaders({ 'X-Shop': 'demo' });
    await client.currentCart.getCurrentCart();
    expect(server.seen[0].headers).toEqual({ 'X-Shop': 'demo' });
  });

  it('refuses to start without a host outside a browser', () => {
    expect(() => createClient({ modules: { currentCart } })).toThrow(TypeError);
  });
});
