import { beforeAll, describe, expect, it } from 'vitest';
import { memberTokens, send, visitorTokens } from '../../../test/support/http.js';
import { uniqueEmail } from '../../../test/support/mailbox.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const server = testServerForFile();
let visitor: string;
let member: string;
beforeAll(async () => {
  visitor = (await visitorTokens(server.url)).access_token;
  member = (await memberTokens(server.url, server.apiKey, uniqueEmail(), 'correct horse battery staple')).access_token;
});

const PRICING = /^\/_api\/vitrine\/v1\/(coupons|shipping-regions|tax-rates|tax-settings|membership-plans|memberships)\b/;

/** Every pricing route as registered, with its path parameters filled in. */
function pricingRoutes() {
  const id = crypto.randomUUID();
  return server.app.routeList
    .filter((route) => PRICING.test(route.url) && route.method !== 'HEAD' && route.method !== 'OPTIONS')
    .map((route) => ({ method: route.method, path: route.url.replace(/:\w+/g, id) }));
}

async function call(route: { method: string; path: string }, authorization?: string) {
  const body = route.method === 'POST' || route.method === 'PATCH' ? '{}' : undefined;
  const headers: Record<string, string> = body ? { 'content-type': 'application/json' } : {};
  if (authorization) headers.authorization = authorization;
  return send(`${server.url}${route.path}`, { method: route.method, headers, body });
}

describe('the pricing routes are for merchants only', () => {
  it('registers the whole pricing API (coupons, shipping, tax, memberships)', () => {
    const routes = server.app.routeList
      .filter((route) => PRICING.test(route.url) && route.method !== 'HEAD')
      .map((route) => `${route.method} ${route.url}`);
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
    const answers = await Promise.all(pricingRoutes().map(async (route) => `${route.method} ${route.path} ${(await call(route)).status}`));
    expect(answers.filter((answer) => !answer.endsWith(' 401'))).toEqual([]);
  });

  it('answers 403 PERMISSION_DENIED to a visitor token, on every route', async () => {
    for (const response of pricingRoutes()) {
      const answer = await call(response, `Bearer ${visitor}`);
      expect([response.method, response.path, answer.status, answer.body?.details?.applicationError?.code]).toEqual([
        response.method,
        response.path,
        403,
        'PERMISSION_DENIED',
      ]);
    }
  });

  it('answers 403 PERMISSION_DENIED to a member token, on every route', async () => {
    for (const response of pricingRoutes()) {
      const answer = await call(response, `Bearer ${member}`);
      expect([response.method, response.path, answer.status]).toEqual([response.method, response.path, 403]);
    }
  });

  it('answers 401 to credentials that do not verify', async () => {
    const response = await call({ method: 'GET', path: '/_api/vitrine/v1/coupons' }, 'vmk_live_not-a-key');
    expect(response.status).toBe(401);
  });
});
