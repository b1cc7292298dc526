import { ApiKeyStrategy, type Collection, createClient, OAuthStrategy } from '@vitrine/sdk';
import { collections, products } from '@vitrine/sdk/stores';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCollection, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { send } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();
let kitchen: string;
let hiddenId: string;
const updated = new Date('2024-10-10T10:10:10.000Z');
const media = {
  mainMedia: { id: 'media-c1', mediaType: 'image', image: { url: 'https://cdn.example/k.jpg', width: 10, height: 10 } },
  items: [],
};

beforeAll(async () => {
  const db = server.database.db;
  kitchen = (await insertCollection(db, { name: 'Kitchen', slug: 'kitchen', description: 'Kitchen things', media, updatedDate: updated }))
    .id;
  await insertCollection(db, { name: 'garden', slug: 'garden' });
  await insertCollection(db, { name: 'Bath', slug: 'bath' });
  hiddenId = (await insertCollection(db, { name: 'Drafts', slug: 'drafts', visible: false })).id;
  await insertProduct(db, { name: 'Mug', collectionIds: [kitchen] });
  await insertProduct(db, { name: 'Plate', collectionIds: [kitchen] });
  await insertProduct(db, { name: 'Prototype', visible: false, collectionIds: [kitchen] });
});

const shopper = () =>
  createClient({ host: server.url, modules: { products, collections }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
const merchant = () =>
  createClient({ host: server.url, modules: { products, collections }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

const kitchenV1 = () => ({
  _id: kitchen,
  name: 'Kitchen',
  slug: 'kitchen',
  visible: true,
  numberOfProducts: 2,
  media: {
    mainMedia: { _id: 'media-c1', mediaType: 'image', image: { url: 'https://cdn.example/k.jpg', width: 10, height: 10 } },
    items: [],
  },
  description: 'Kitchen things',
});

describe('the v1 collection by slug', () => {
  it('answers {collection} counting the products a shopper may see', async () => {
    expect(await shopper().products.getCollectionBySlug('kitchen')).toEqual({ collection: kitchenV1() });
  });

  it('counts hidden products for the merchant', async () => {
    const { collection } = await merchant().products.getCollectionBySlug('kitchen');
    expect(collection?.numberOfProducts).toBe(3);
  });

  it('answers the same under the latest reference path /stores-reader/v1/collections/slug/{slug}', async () => {
    const response = await send(`${server.url}/v1/collections/slug/kitchen?slug=kitchen`);
    const bySlug = await send(`${server.url}/stores-reader/v1/collections/slug/kitchen`);
    expect([response.status, bySlug.status]).toEqual([200, 200]);
    expect(bySlug.body).toEqual(response.body);
    expect(response.body.collection).not.toHaveProperty('lastUpdated');
  });

  it('answers an unknown slug as not found', async () => {
    const error = await thrown(shopper().products.getCollectionBySlug('nope'));
    expect([error.status, error.details?.applicationError?.code]).toEqual([404, 'COLLECTION_NOT_FOUND']);
  });
});

describe('the v2 collections', () => {
  it('getCollection answers the collection itself, with lastUpdated', async () => {
    expect(await shopper().collections.getCollection(kitchen)).toEqual({ ...kitchenV1(), lastUpdated: updated });
  });

  it('getCollectionBySlug answers {collection}', async () => {
    const { collection } = await shopper().collections.getCollectionBySlug('kitchen');
    expect(collection).toEqual({ ...kitchenV1(), lastUpdated: updated });
  });

  it('answers a hidden collection to a shopper as not found, and shows it to the merchant', async () => {
    const error = await thrown(shopper().collections.getCollection(hiddenId));
    expect([error.status, error.details?.applicationError?.code]).toEqual([404, 'COLLECTION_NOT_FOUND']);
    expect((await merchant().collections.getCollection(hiddenId)).visible).toBe(false);
  });

  it('queryCollections finds by filter and sorts by name ignoring case', async () => {
    const all = await shopper().collections.queryCollections().find();
    expect(all.items.map((collection: Collection) => collection.name)).toEqual(['Bath', 'garden', 'Kitchen']);
    expect(all.totalCount).toBe(3);
    const some = await shopper().collections.queryCollections().startsWith('name', 'G').find();
    expect(some.items.map((collection: Collection) => collection.slug)).toEqual(['garden']);
  });

  it('queryCollections shows hidden collections to the merchant only', async () => {
    const result = await merchant().collections.queryCollections().descending('slug').limit(2).find();
    expect(result.items.map((collection: Collection) => collection.slug)).toEqual(['kitchen', 'garden']);
    expect(result.totalCount).toBe(4);
  });

  it('queryCollections(query) answers collections and metadata', async () => {
    const result = await shopper().collections.queryCollections({
      filter: { slug: { $in: ['kitchen', 'bath'] } },
      sort: [{ fieldName: 'name', order: 'DESC' }],
    });
    expect(result.collections?.map((collection) => collection.slug)).toEqual(['kitchen', 'bath']);
    expect(result.metadata).toEqual({ count: 2, offset: 0, total: 2 });
  });

  it('answers under the latest reference paths /v2/collections/… too', async () => {
    const dotR = Buffer.from(JSON.stringify({ query: { filter: { slug: 'kitchen' } } })).toString('base64url');
    const byQuery = await send(`${server.url}/v2/collections/query?.r=${dotR}`);
    const byId = await send(`${server.url}/v2/collections/${kitchen}`);
    const bySlug = await send(`${server.url}/v2/collections/slug/kitchen`);
    expect(byQuery.body.collections).toEqual([byId.body.collection]);
    expect(bySlug.body).toEqual(byId.body);
  });
});
