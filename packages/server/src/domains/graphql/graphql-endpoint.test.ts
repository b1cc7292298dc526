import { ApiKeyStrategy, createClient, OAuthStrategy } from '@vitrine/sdk';
import { getIntrospectionQuery } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../../test/support/catalog-fixtures.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { startTestServer, TEST_CLIENT_ID } from '../../../test/support/test-server.js';

const server = testServerForFile();

beforeAll(async () => {
  await insertProduct(server.database.db, { name: 'Blue mug', slug: 'blue-mug', price: 10 });
});

const shopper = () => createClient({ host: server.url, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });

/** The failure of an SDK call that must fail. */
async function failure(pending: Promise<unknown>): Promise<Error> {
  try {
    await pending;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('POST /graphql/{apiVersion}', () => {
  it('answers the SDK at the default version alpha', async () => {
    const response = await shopper().graphql<{ products: { total: number } }>('{ products { total } }');
    expect(response).toEqual({ data: { products: { total: 1 } }, errors: undefined });
  });

  it('serves v1 as an alias of alpha (the version the reference client names)', async () => {
    const response = await shopper().graphql('{ product(slug: "blue-mug") { name } }', undefined, { apiVersion: 'v1' });
    expect(response.data).toEqual({ product: { name: 'Blue mug' } });
  });

  it('answers an unknown version with a 404, which the SDK reports as a failed request', async () => {
    const error = await failure(shopper().graphql('{ products { total } }', undefined, { apiVersion: 'v2' }));
    expect(error.message).toBe('GraphQL request failed with status 404');
  });

  it('gives an unknown version as the application error UNKNOWN_GRAPHQL_VERSION', async () => {
    const res = await fetch(`${server.url}/graphql/beta`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: '{ products { total } }' }),
    });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({
      message: 'Unknown GraphQL version',
      details: {
        applicationError: {
          description: 'There is no GraphQL API of this version (use alpha)',
          code: 'UNKNOWN_GRAPHQL_VERSION',
          data: { apiVersion: 'beta' },
        },
      },
    });
  });

  it('refuses credentials that do not verify with a 401, as the REST reads do', async () => {
    const client = createClient({ host: server.url, auth: ApiKeyStrategy({ apiKey: 'vmk_test_not-a-key' }) });
    const error = await failure(client.graphql('{ products { total } }'));
    expect(error.message).toBe('GraphQL request failed with status 401');
  });

  it('takes JSON bodies only (a form post is refused with 415)', async () => {
    const res = await fetch(`${server.url}/graphql/alpha`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'query=%7B%20products%20%7B%20total%20%7D%20%7D',
    });
    expect(res.status).toBe(415);
  });

  it('leaves CORS to the app: a foreign origin is not allowed', async () => {
    const res = await fetch(`${server.url}/graphql/alpha`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: 'https://evil.example' },
      body: JSON.stringify({ query: '{ products { total } }' }),
    });
    expect(res.headers.get('access-control-allow-origin')).toBeNull();
  });
});

describe('GET /graphql/{apiVersion}', () => {
  it('runs a query from the query string', async () => {
    const query = encodeURIComponent('query($slug: String) { product(slug: $slug) { name } }');
    const variables = encodeURIComponent(JSON.stringify({ slug: 'blue-mug' }));
    const res = await fetch(`${server.url}/graphql/alpha?query=${query}&variables=${variables}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { product: { name: 'Blue mug' } } });
  });

  it('refuses a mutation over GET', async () => {
    const res = await fetch(`${server.url}/graphql/alpha?query=${encodeURIComponent('mutation { x }')}`);
    expect(res.status).toBe(405);
  });

  it('shows GraphiQL to a browser outside production', async () => {
    const res = await fetch(`${server.url}/graphql/alpha`, { headers: { accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('GraphiQL');
  });

  it('shows no GraphiQL in production, and keeps introspection', async () => {
    const prod = await startTestServer({ NODE_ENV: 'production', VITRINE_SECRET: 'a-production-secret-of-32-characters!' });
    try {
      const page = await fetch(`${prod.url}/graphql/alpha`, { headers: { accept: 'text/html' } });
      expect(await page.text()).not.toContain('GraphiQL');
      const client = createClient({ host: prod.url, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
      const response = await client.graphql<{ __type: { name: string } }>('{ __type(name: "Product") { name } }');
      expect(response.data).toEqual({ __type: { name: 'Product' } });
    } finally {
      await prod.close();
    }
  });
});

describe('GraphQL argument errors', () => {
  it('reports a filter on a field outside the whitelist with the REST query’s field violation', async () => {
    const response = await shopper().graphql('query($f: JSON) { products(filter: $f) { total } }', { f: { colour: 'red' } });
    expect(response.errors).toHaveLength(1);
    expect(response.errors?.[0]?.message).toMatch(/^INVALID_ARGUMENT: "filter.colour" is not a filterable field/);
    expect(response.errors?.[0]?.extensions).toEqual({
      code: 'INVALID_ARGUMENT',
      validationError: {
        fieldViolations: [
          { field: 'filter.colour', description: expect.stringContaining('is not a filterable field'), violatedRule: 'FIELD_NOT_ALLOWED' },
        ],
      },
    });
  });

  it('reports an operator the field does not support', async () => {
    const response = await shopper().graphql('query($f: JSON) { products(filter: $f) { total } }', { f: { visible: { $gt: true } } });
    expect(response.errors?.[0]?.extensions).toMatchObject({
      validationError: { fieldViolations: [{ field: 'filter.visible.$gt', violatedRule: 'FIELD_NOT_ALLOWED' }] },
    });
  });

  it('reports a sort field outside the whitelist', async () => {
    const response = await shopper().graphql('{ collections(sort: [{fieldName: "colour"}]) { total } }');
    expect(response.errors?.[0]?.extensions).toMatchObject({
      validationError: { fieldViolations: [{ field: 'sort[0].fieldName', violatedRule: 'INVALID_ENUM_VALUE' }] },
    });
  });

  it('limits a page to 100 items', async () => {
    const response = await shopper().graphql('{ products(paging: {limit: 101}) { total } }');
    expect(response.errors?.[0]?.extensions).toEqual({
      code: 'INVALID_ARGUMENT',
      validationError: {
        fieldViolations: [{ field: 'paging.limit', description: 'must be at most 100', violatedRule: 'MAX', data: { max: 100 } }],
      },
    });
  });

  it('asks for exactly one of id and slug', async () => {
    const response = await shopper().graphql('{ product { id } }');
    expect(response.data).toEqual({ product: null });
    expect(response.errors?.[0]?.extensions).toMatchObject({
      validationError: { fieldViolations: [{ field: 'id', violatedRule: 'ONE_OF_ALIGNMENT' }] },
    });
  });
});

describe('GraphQL query limits', () => {
  it('refuses an operation nested deeper than 8 fields', async () => {
    const deep = '{ __schema { types { fields { type { fields { type { fields { type { name } } } } } } } } }';
    const response = await shopper().graphql(deep);
    expect(response.data).toEqual({});
    // (graphql-js adds its own introspection-depth error here too)
    expect(response.errors).toContainEqual(expect.objectContaining({ extensions: { code: 'QUERY_TOO_DEEP', max: 8 } }));
  });

  it('counts fields reached through fragments', async () => {
    const viaFragments =
      'query { __schema { ...T } } fragment T on __Schema { types { fields { type { ...F } } } } fragment F on __Type { fields { type { fields { type { name } } } } }';
    const response = await shopper().graphql(viaFragments);
    expect(response.errors).toContainEqual(expect.objectContaining({ extensions: { code: 'QUERY_TOO_DEEP', max: 8 } }));
  });

  it('refuses more than 10 top-level fields', async () => {
    const aliases = Array.from({ length: 11 }, (_, i) => `p${i}: products { total }`).join(' ');
    const response = await shopper().graphql(`{ ${aliases} }`);
    expect(response.errors).toEqual([expect.objectContaining({ extensions: { code: 'TOO_MANY_ROOT_FIELDS', max: 10 } })]);
  });

  it("accepts GraphiQL's full introspection query", async () => {
    const response = await shopper().graphql<{ __schema: { queryType: { name: string } } }>(getIntrospectionQuery());
    expect(response.errors).toBeUndefined();
    expect(response.data.__schema.queryType.name).toBe('Query');
  });
});
