import { createClient, OAuthStrategy, type PlatformQuery } from '@vitrine/sdk';
import { collections, products } from '@vitrine/sdk/stores';
import { describe, expect, it } from 'vitest';
import { send } from '../../../../test/support/http.js';
import { testServerForFile } from '../../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../../test/support/test-server.js';
import { thrown } from '../../../../test/support/thrown.js';

const server = testServerForFile();

const shopper = () =>
  createClient({ host: server.url, modules: { products, collections }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });

const PRODUCT_FIELDS =
  'id, name, slug, sku, brand, ribbon, productType, visible, price, priceData.price, collectionIds, inStock, stock.inStock, stock.inventoryStatus, lastUpdated, createdDate';

/** [query, field, violatedRule, description] */
const PRODUCT_CASES: [PlatformQuery, string, string, string][] = [
  [{ filter: { colour: 'red' } }, 'query.filter.colour', 'FIELD_NOT_ALLOWED', `is not a filterable field (${PRODUCT_FIELDS})`],
  [
    { filter: { price: { $like: 5 } } },
    'query.filter.price.$like',
    'FIELD_NOT_ALLOWED',
    'is not a known operator ($eq, $ne, $gt, $gte, $lt, $lte, $in, $hasSome, $hasAll, $startsWith, $contains, $endsWith, $exists)',
  ],
  [
    { filter: { price: { $startsWith: '1' } } },
    'query.filter.price.$startsWith',
    'FIELD_NOT_ALLOWED',
    'is not supported on price ($eq, $ne, $gt, $gte, $lt, $lte, $in, $hasSome, $exists)',
  ],
  [{ filter: { price: 'cheap' } }, 'query.filter.price', 'VALIDATION', 'must be a number'],
  [{ filter: { price: { $gt: null } } }, 'query.filter.price.$gt', 'VALIDATION', 'must be a number'],
  [{ filter: { productType: 'book' } }, 'query.filter.productType', 'INVALID_ENUM_VALUE', 'must be one of physical, digital'],
  [
    { filter: { 'stock.inventoryStatus': { $in: ['IN_STOCK', 'SOLD'] } } },
    'query.filter.stock.inventoryStatus.$in[1]',
    'INVALID_ENUM_VALUE',
    'must be one of IN_STOCK, OUT_OF_STOCK, PARTIALLY_OUT_OF_STOCK',
  ],
  [{ filter: { visible: 'yes' } }, 'query.filter.visible', 'VALIDATION', 'must be a boolean'],
  [{ filter: { name: 5 } }, 'query.filter.name', 'VALIDATION', 'must be a string'],
  [{ filter: { name: { $startsWith: 5 } } }, 'query.filter.name.$startsWith', 'VALIDATION', 'must be a string'],
  [{ filter: { id: { $in: 'x' } } }, 'query.filter.id.$in', 'VALIDATION', 'must be an array'],
  [{ filter: { collectionIds: { $hasAll: [1] } } }, 'query.filter.collectionIds.$hasAll[0]', 'VALIDATION', 'must be a string'],
  [
    { filter: { collectionIds: { $gt: 'a' } } },
    'query.filter.collectionIds.$gt',
    'FIELD_NOT_ALLOWED',
    'is not supported on collectionIds ($eq, $ne, $in, $hasSome, $hasAll)',
  ],
  [{ filter: { sku: { $exists: 'yes' } } }, 'query.filter.sku.$exists', 'VALIDATION', 'must be a boolean'],
  [
    { filter: { lastUpdated: { $gt: 'yesterday' } } },
    'query.filter.lastUpdated.$gt',
    'FORMAT',
    'must be an ISO 8601 date-time with a zone, e.g. 2024-01-31T12:00:00Z',
  ],
  [{ filter: { $and: { name: 'x' } } }, 'query.filter.$and', 'VALIDATION', 'must be an array of filters'],
  [
    { filter: { $or: [{ name: 'x' }, { colour: 1 }] } },
    'query.filter.$or[1].colour',
    'FIELD_NOT_ALLOWED',
    `is not a filterable field (${PRODUCT_FIELDS})`,
  ],
  [{ filter: { $not: 'x' } }, 'query.filter.$not', 'VALIDATION', 'must be an object'],
  [
    { filter: { $nor: [] } },
    'query.filter.$nor',
    'FIELD_NOT_ALLOWED',
    'is not a known operator here (use $and, $or, $not or a field name)',
  ],
  [
    { sort: [{ fieldName: 'colour' }] },
    'query.sort[0].fieldName',
    'INVALID_ENUM_VALUE',
    'must be one of id, name, slug, sku, price, priceData.price, lastUpdated, createdDate',
  ],
  [{ sort: [{ fieldName: 'name', order: 'UP' as 'ASC' }] }, 'query.sort[0].order', 'INVALID_ENUM_VALUE', 'must be one of "ASC", "DESC"'],
  [{ paging: { limit: 101 } }, 'query.paging.limit', 'MAX', 'must be at most 100'],
  [{ paging: { limit: 0 } }, 'query.paging.limit', 'MIN', 'must be at least 1'],
  [{ paging: { limit: 1.5 } }, 'query.paging.limit', 'VALIDATION', 'must be an int'],
  [{ paging: { offset: -1 } }, 'query.paging.offset', 'MIN', 'must not be negative'],
];

describe('a bad products query', () => {
  it.each(PRODUCT_CASES)('%j → %s %s', async (query, field, violatedRule, description) => {
    const error = await thrown(shopper().products.queryProducts(query));
    expect(error.status).toBe(400);
    expect(error.details?.validationError?.fieldViolations).toEqual([expect.objectContaining({ field, violatedRule, description })]);
    expect(error.message).toBe(`INVALID_ARGUMENT: "${field}" ${description}`);
  });

  it('reports every violation of a query at once', async () => {
    const error = await thrown(shopper().products.queryProducts({ filter: { colour: 'red', price: 'x' }, sort: [{ fieldName: 'size' }] }));
    expect(error.details?.validationError?.fieldViolations?.map((violation) => violation.field)).toEqual([
      'query.filter.colour',
      'query.filter.price',
      'query.sort[0].fieldName',
    ]);
  });

  it('refuses a filter nested too deep', async () => {
    let filter: Record<string, unknown> = { name: 'x' };
    for (let i = 0; i < 20; i++) filter = { $not: filter };
    const error = await thrown(shopper().products.queryProducts({ filter }));
    expect(error.details?.validationError?.fieldViolations?.[0]).toMatchObject({ violatedRule: 'MAX', data: { max: 16 } });
  });

  it('answers a bad builder query with a 400, as the reference names its fields', async () => {
    const error = await thrown(shopper().products.queryProducts().eq('colour', 'red').find());
    expect([error.status, error.details?.validationError?.fieldViolations?.[0]?.field]).toEqual([400, 'undefined.filter.colour']);
  });

  it('refuses a bad filter in the POST fallback the same way', async () => {
    const response = await send(`${server.url}/stores-reader/v1/products/query-platformized`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { filter: { colour: 'red' } } }),
    });
    expect([response.status, response.body.details.validationError.fieldViolations[0].field]).toEqual([400, 'query.filter.colour']);
  });

  // The SDK drops empty objects from a GET, so this one only arrives in a body.
  it('refuses an operator object without an operator', async () => {
    const response = await send(`${server.url}/stores-reader/v1/products/query-platformized`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ query: { filter: { sku: {} } } }),
    });
    expect([response.status, response.body.details.validationError.fieldViolations]).toEqual([
      400,
      [{ field: 'query.filter.sku', description: 'must hold a value or an operator such as $eq', violatedRule: 'VALIDATION' }],
    ]);
  });
});

describe('a bad collections or store variants query', () => {
  it('names a product field that collections do not have', async () => {
    const error = await thrown(shopper().collections.queryCollections({ filter: { price: 1 } }));
    expect(error.details?.validationError?.fieldViolations).toEqual([
      {
        field: 'query.filter.price',
        violatedRule: 'FIELD_NOT_ALLOWED',
        description: 'is not a filterable field (id, name, slug, visible)',
      },
    ]);
  });

  it('names an unknown store variant field', async () => {
    const error = await thrown(shopper().products.queryStoreVariants({ filter: { colour: 'red' } }));
    expect([error.status, error.details?.validationError?.fieldViolations?.[0]?.field]).toEqual([400, 'query.filter.colour']);
  });
});
