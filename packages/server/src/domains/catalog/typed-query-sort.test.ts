import { createClient, OAuthStrategy } from '@vitrine/sdk';
import { collections, products } from '@vitrine/sdk/stores';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCollection, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';

const server = testServerForFile();
beforeAll(async () => {
  const db = server.database.db;
  for (const name of ['Kitchen', 'Garden', 'Bath']) await insertCollection(db, { name });
  for (const name of ['Mug', 'Plate', 'Bowl']) await insertProduct(db, { name });
});

const shopper = () =>
  createClient({ host: server.url, modules: { products, collections }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });

/** Ids in descending order, as PostgreSQL orders uuids (their hex digits). */
const descending = (ids: string[]) => [...ids].sort().reverse();

describe('typed query overloads send `_id` sort keys as `id`, as their filters (#21)', () => {
  it('queryCollections(query) sorts by _id', async () => {
    const answer = await shopper().collections.queryCollections({ sort: [{ fieldName: '_id', order: 'DESC' }] });
    const ids = answer.collections?.map((collection) => collection._id as string) ?? [];
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(ids).toEqual(descending(ids));
  });

  it('queryProducts(query) sorts by _id', async () => {
    const answer = await shopper().products.queryProducts({ sort: [{ fieldName: '_id', order: 'DESC' }] });
    const ids = answer.products?.map((product) => product._id as string) ?? [];
    expect(ids.length).toBeGreaterThanOrEqual(3);
    expect(ids).toEqual(descending(ids));
  });

  it('the builder still sorts by _id', async () => {
    const page = await shopper().collections.queryCollections().descending('_id').find();
    const ids = page.items.map((collection) => collection._id as string);
    expect(ids).toEqual(descending(ids));
  });
});
