import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberTokens, send, visitorTokens } from '../../../test/support/http.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer;
let visitor: string;
let member: string;
beforeAll(async () => {
  server = await startTestServer();
  visitor = (await visitorTokens(server.url)).access_token;
  member = (await memberTokens(server.url, server.apiKey, uniqueEmail(), 'correct horse battery staple')).access_token;
});
afterAll(() => server?.close());

const PRICING = /^\/_api\/vitrine\/v1\/(coupons|shipping-regions|tax-rates|tax-settings|membership-plans|memberships)\b/;

/** Every pricing route as registered, with its path parameters filled in. */
function pricingRoutes() {
  const id = crypto.randomUUID();
  return server.app.routeList
    .filter((r) => PRICING.test(r.url) && r.method !== 'HEAD' && r.method !== 'OPTIONS')
    .map((r) => ({ method: r.method, path: r.url.replace(/:\w+/g, id) }));
}

async function call(route: { method: string; path: string }, authorization?: string) {
  const body = route.method === 'POST' || route.method === 'PATCH' ? '{}' : undefined;
  const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
  if (authorization) headers.authorization = authorization;
  return send(`${server.url}${route.path}`, { method: route.method, headers, body });
}

describe('the pricing routes are for merchants only', () => {
  it('registers the whole pricing API (coupons, shipping, tax, memberships)', () => {
    const routes = server.app.routeList.filter((r) => PRICING.test(r.url) && r.method !== 'HEAD').map((r) => `${r.method} ${r.url}`);
    expect(routes.sort()).toEqual(
      [
        'POST /_api/vitrine/v1/coupons',
        'GET /_api/vitrine/v1/coupons',
        'GET /_api/vitrine/v1/coupons/:id',
        'PATCH /_api/vitrine/v1/coupons/:id',
        'DELETE /_api/vitrine/v1/coupons/:id',
        'POST /_api/vitrine/v1/shipping-regions',
        'GET /_api/vitrine/v1/shipping-regions',
        'GET /_api/vitrine/v1/shipping-regions/:id',
        'PATCH /_api/vitrine/v1/shipping-regions/:id',
        'DELETE /_api/vitrine/v1/shipping-regions/:id',
        'POST /_api/vitrine/v1/shipping-regions/:id/options',
        'PATCH /_api/vitrine/v1/shipping-regions/:id/options/:optionId',
        'DELETE /_api/vitrine/v1/shipping-regions/:id/options/:optionId',
        'GET /_api/vitrine/v1/tax-settings',
        'PATCH /_api/vitrine/v1/tax-settings',
        'POST /_api/vitrine/v1/tax-rates',
        'GET /_api/vitrine/v1/tax-rates',
        'GET /_api/vitrine/v1/tax-rates/:id',
        'PATCH /_api/vitrine/v1/tax-rates/:id',
        'DELETE /_api/vitrine/v1/tax-rates/:id',
        'POST /_api/vitrine/v1/membership-plans',
        'GET /_api/vitrine/v1/membership-plans',
        'GET /_api/vitrine/v1/membership-plans/:id',
        'PATCH /_api/vitrine/v1/membership-plans/:id',
        'DELETE /_api/vitrine/v1/membership-plans/:id',
        'POST /_api/vitrine/v1/memberships',
        'GET /_api/vitrine/v1/memberships',
        'GET /_api/vitrine/v1/memberships/:id',
        'DELETE /_api/vitrine/v1/memberships/:id',
      ].sort(),
    );
  });

  it('answers 401 UNAUTHENTICATED without credentials, on every route', async () => {
    const answers = await Promise.all(pricingRoutes().map(async (r) => `${r.method} ${r.path} ${(await call(r)).status}`));
    expect(answers.filter((a) => !a.endsWith(' 401'))).toEqual([]);
  });

  it('answers 403 PERMISSION_DENIED to a visitor token, on every route', async () => {
    for (const r of pricingRoutes()) {
      const a = await call(r, `Bearer ${visitor}`);
      expect([r.method, r.path, a.status, a.body?.details?.applicationError?.code]).toEqual([r.method, r.path, 403, 'PERMISSION_DENIED']);
    }
  });

  it('answers 403 PERMISSION_DENIED to a member token, on every route', async () => {
    for (const r of pricingRoutes()) {
      const a = await call(r, `Bearer ${member}`);
      expect([r.method, r.path, a.status]).toEqual([r.method, r.path, 403]);
    }
  });

  it('answers 401 to credentials that do not verify', async () => {
    const a = await call({ method: 'GET', path: '/_api/vitrine/v1/coupons' }, 'vmk_live_not-a-key');
    expect(a.status).toBe(401);
  });
});
