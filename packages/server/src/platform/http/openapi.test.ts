import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const server = testServerForFile();

interface Operation {
  summary?: string;
  tags?: string[];
  requestBody?: unknown;
  responses?: Record<string, unknown>;
}

/** Routes that are not part of the API: documentation itself, static assets. */
const NOT_API = [/^\/docs/, /^\/openapi\.json$/, /^\/altcha\//];

describe('the OpenAPI document', () => {
  it('is served as OpenAPI 3.1 at /openapi.json', async () => {
    const res = await fetch(`${server.url}/openapi.json`);
    expect(res.status).toBe(200);
    const doc = (await res.json()) as { openapi: string; paths: Record<string, unknown> };
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toContain('/oauth2/token');
  });

  it('documents every route with a summary, a tag and its responses', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    const missing: string[] = [];
    for (const [path, ops] of Object.entries(doc.paths)) {
      if (NOT_API.some((pattern) => pattern.test(path))) continue;
      for (const [method, operation] of Object.entries(ops)) {
        if (!operation.summary || !operation.tags?.length || !operation.responses || Object.keys(operation.responses).length === 0)
          missing.push(`${method.toUpperCase()} ${path}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('lists every registered route', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    const documented = new Set(
      Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path}`)),
    );
    const undocumented = server.app.routeList.filter(
      (route) =>
        !route.hidden && !NOT_API.some((pattern) => pattern.test(route.url)) && route.method !== 'HEAD' && route.method !== 'OPTIONS',
    );
    const missing = undocumented
      .map((route) => `${route.method} ${route.url.replace(/:(\w+)/g, '{$1}')}`)
      .filter((operation) => !documented.has(operation));
    expect(missing).toEqual([]);
  });

  it('describes the cart and order answers field by field (#21)', async () => {
    const doc = (await (await fetch(`${server.url}/openapi.json`)).json()) as { paths: Record<string, Record<string, Operation>> };
    type Schema = { properties?: Record<string, Schema>; items?: Schema };
    const ok = (path: string, method: string): Schema => {
      const answer = doc.paths[path]?.[method]?.responses?.['200'] as
        | { content?: { 'application/json'?: { schema?: Schema } } }
        | undefined;
      return answer?.content?.['application/json']?.schema ?? {};
    };
    const fields = (schema: Schema | undefined) => Object.keys(schema?.properties ?? {});
    const cart = ok('/ecom/v1/carts/current', 'get').properties?.cart;
    expect(fields(cart)).toEqual(
      expect.arrayContaining(['id', 'lineItems', 'buyerInfo', 'subtotal', 'appliedDiscounts', 'calculationErrors']),
    );
    expect(fields(cart?.properties?.lineItems?.items)).toEqual(
      expect.arrayContaining(['catalogReference', 'productName', 'price', 'fullPrice', 'availability', 'paymentOption']),
    );
    const estimate = ok('/ecom/v1/carts/current/estimate-totals', 'post');
    expect(fields(estimate)).toEqual(expect.arrayContaining(['cart', 'calculatedLineItems', 'priceSummary', 'taxSummary', 'shippingInfo']));
    const order = ok('/ecom/v1/orders/{id}', 'get').properties?.order;
    expect(fields(order)).toEqual(expect.arrayContaining(['lineItems', 'priceSummary', 'fulfillments', 'refunds', 'refundedTotal']));
    expect(fields(ok('/ecom/v1/orders/{id}/activities', 'get').properties?.activities?.items)).toEqual(
      expect.arrayContaining(['kind', 'who', 'detail']),
    );
  });

  it('has an API reference page at /docs', async () => {
    const res = await fetch(`${server.url}/docs/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('swagger');
  });
});
