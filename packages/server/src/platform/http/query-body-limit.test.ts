/**
 * Issue #18: read queries take small bodies. The audit's 0.9 MB filter (26,000 `$or` branches) is
 * refused by its size before it is parsed, on every query route; writes keep the app's larger limit.
 */
import { describe, expect, it } from 'vitest';
import { send } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { QUERY_BODY_LIMIT } from './query-body-limit.js';

const server = testServerForFile();

const auditFilter = { $or: Array.from({ length: 26_000 }, (_, i) => ({ name: { $eq: `product ${i}` } })) };
const post = (path: string, body: unknown, authorization?: string) =>
  send(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(authorization ? { authorization } : {}) },
    body: JSON.stringify(body),
  });

describe('the body limit of query routes (#18)', () => {
  it.each([
    ['/stores-reader/v1/products/query-platformized', { query: { filter: auditFilter } }],
    ['/stores-reader/v2/collections/query', { query: { filter: auditFilter } }],
    ['/stores-reader/v1/variants/query', { query: { filter: auditFilter } }],
    ['/graphql/v1', { query: 'query($f: JSON) { products(filter: $f) { total } }', variables: { f: auditFilter } }],
  ])('refuses the audit’s 0.9 MB filter on %s with 413 in the wire form', async (path, body) => {
    expect(JSON.stringify(body).length).toBeGreaterThan(QUERY_BODY_LIMIT);
    const response = await post(path, body);
    expect([response.status, response.body?.details?.applicationError?.code]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
  });

  it('refuses it on the merchant orders search too', async () => {
    const response = await post('/ecom/v1/orders/search', { search: { filter: auditFilter } }, server.apiKey);
    expect(response.status).toBe(413);
  });

  it('keeps the app body limit for writes', async () => {
    const name = 'n'.repeat(QUERY_BODY_LIMIT * 2);
    const response = await post('/stores/v1/products', { product: { name } }, server.apiKey);
    expect(response.status).toBe(400); // read, then refused for its name: not for its size
  });
});
