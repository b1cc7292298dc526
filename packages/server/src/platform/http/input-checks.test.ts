/**
 * Issue #18: one rule for every string a client sends: no NUL, no lone UTF-16 surrogate, and no
 * value nested deeper than the limit. Every kind of input (JSON body, form post, GraphQL variables,
 * query string, path parameter) answers 400 naming the field, where such strings used to reach the
 * database and come back as 500s.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { send, visitorTokens } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { MAX_INPUT_DEPTH } from './input-checks.js';

const server = testServerForFile();
let visitor: string;
beforeAll(async () => {
  visitor = `Bearer ${(await visitorTokens(server.url)).access_token}`;
});

const json = (body: unknown) => ({ 'content-type': 'application/json', body: JSON.stringify(body) });
const form = (body: string) => ({ 'content-type': 'application/x-www-form-urlencoded', body });

interface Case {
  method: string;
  path: string;
  input?: { 'content-type': string; body: string };
  field: string;
}

const BAD = 'must not contain NUL characters or unpaired UTF-16 surrogates';

describe('the one rule for string inputs (#18)', () => {
  it.each<[string, Case]>([
    [
      'a NUL in a JSON body (cart buyer note)',
      { method: 'PATCH', path: '/ecom/v1/carts/current', input: json({ cartInfo: { buyerNote: 'a\u0000' } }), field: 'cartInfo.buyerNote' },
    ],
    [
      'a lone surrogate in a JSON body (coupon code)',
      { method: 'PATCH', path: '/ecom/v1/carts/current', input: json({ couponCode: '\udc00x' }), field: 'couponCode' },
    ],
    [
      'a NUL in a redirect session',
      {
        method: 'POST',
        path: '/_api/redirects-api/v1/redirect-session',
        input: json({ ecomCheckout: { checkoutId: '\u0000' } }),
        field: 'ecomCheckout.checkoutId',
      },
    ],
    ['a NUL in a path parameter (collection slug)', { method: 'GET', path: '/stores-reader/v1/collections/slug/a%00b', field: 'slug' }],
    ['a NUL in a query string', { method: 'GET', path: '/stores-reader/v1/products/query-platformized?search=%00', field: 'search' }],
    [
      'a NUL in JSON inside a query string (a filter)',
      {
        method: 'GET',
        path: `/stores-reader/v1/products/query-platformized?query.filter=${encodeURIComponent('{"name":"\\u0000"}')}`,
        field: 'query.filter.name',
      },
    ],
    [
      'a NUL in a logout query string (found by the fuzz test)',
      { method: 'GET', path: '/_api/iam/authentication/v1/logout?clientId=%00x', field: 'clientId' },
    ],
    [
      'a NUL in a hosted checkout form field',
      {
        method: 'POST',
        path: '/checkout/00000000-0000-0000-0000-000000000000',
        input: form('csrf=x&session=y&email=a%00%40b.c'),
        field: 'email',
      },
    ],
    [
      'a NUL in a hosted page form post',
      { method: 'POST', path: '/oauth2/authorize/login', input: form('session=x&csrf=y&email=a%00@b.c&password=p'), field: 'email' },
    ],
    [
      'a NUL in an object key',
      { method: 'PATCH', path: '/ecom/v1/carts/current', input: json({ cartInfo: { 'a\u0000': 1 } }), field: 'cartInfo' },
    ],
  ])('answers %s with 400 naming the field', async (_name, pageCase) => {
    const headers: Record<string, string> = { authorization: visitor };
    if (pageCase.input) headers['content-type'] = pageCase.input['content-type'];
    const response = await send(`${server.url}${pageCase.path}`, { method: pageCase.method, headers, body: pageCase.input?.body });
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations).toContainEqual(
      expect.objectContaining({ field: pageCase.field, violatedRule: 'FORMAT' }),
    );
    expect(response.body.details.validationError.fieldViolations[0].description).toMatch(BAD);
  });

  it('answers a lone surrogate in GraphQL variables as GraphQL does a bad argument, naming the variable', async () => {
    const body = JSON.stringify({ query: 'query($s: String) { __typename }', variables: { s: '\ud800' } });
    const response = await send(`${server.url}/graphql/v1`, {
      method: 'POST',
      headers: { authorization: visitor, 'content-type': 'application/json' },
      body,
    });
    expect(response.body.errors?.[0]?.extensions).toMatchObject({
      code: 'INVALID_ARGUMENT',
      validationError: { fieldViolations: [expect.objectContaining({ field: 'variables.s', violatedRule: 'FORMAT' })] },
    });
  });

  it('answers a value nested deeper than the limit with 400, however deep', async () => {
    const deep = `{"cartInfo":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const response = await send(`${server.url}/ecom/v1/carts/current`, {
      method: 'PATCH',
      headers: { authorization: visitor, 'content-type': 'application/json' },
      body: deep,
    });
    expect(response.status).toBe(400);
    expect(response.body.details.validationError.fieldViolations[0]).toMatchObject({ violatedRule: 'MAX', data: { max: MAX_INPUT_DEPTH } });
  });

  it('keeps well-formed text outside the basic plane (emoji) valid', async () => {
    const response = await send(`${server.url}/ecom/v1/carts/current`, {
      method: 'PATCH',
      headers: { authorization: visitor, 'content-type': 'application/json' },
      body: JSON.stringify({ cartInfo: { buyerNote: 'gift 🎁 wrap' } }),
    });
    expect(response.status).toBe(200);
  });
});
