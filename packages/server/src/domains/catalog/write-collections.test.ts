import { ApiKeyStrategy, createClient } from '@vitrine/sdk';
import { collections, products } from '@vitrine/sdk/stores';
import { describe, expect, it } from 'vitest';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();

const merchant = () =>
  createClient({ host: server.url, modules: { products, collections }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

async function product(name: string) {
  const { product: created } = await merchant().products.createProduct({ name, priceData: { price: 5 } });
  return created?._id as string;
}

async function collectionIdsOf(id: string) {
  const { product: found } = await merchant().products.getProduct(id, { includeMerchantSpecificData: true });
  return found?.collectionIds;
}

const appCode = async (pending: Promise<unknown>) => {
  const error = await thrown(pending);
  return { status: error.status, code: error.details?.applicationError?.code };
};

describe('collections', () => {
  it('creates a collection with a slug from its name', async () => {
    const { collection } = await merchant().products.createCollection({
      name: 'Summer Sale',
      description: 'Hot deals',
      media: { items: [{ image: { url: 'https://cdn.example/summer.jpg', width: 10, height: 10 } }] },
    } as never);
    expect(collection).toMatchObject({
      name: 'Summer Sale',
      slug: 'summer-sale',
      visible: true,
      numberOfProducts: 0,
      description: 'Hot deals',
    });
    expect(collection?.media?.mainMedia).toMatchObject({ mediaType: 'image', image: { url: 'https://cdn.example/summer.jpg' } });
    expect(collection?.lastUpdated).toBeInstanceOf(Date);
  });

  it('updates the given fields only', async () => {
    const { collection } = await merchant().products.createCollection({ name: 'Winter', description: 'Cold' });
    const { collection: after } = await merchant().products.updateCollection(collection?._id as string, { name: 'Winter 2025' });
    expect(after).toMatchObject({ name: 'Winter 2025', slug: 'winter', description: 'Cold' });
  });

  it('refuses a slug another collection has (409 SLUG_TAKEN)', async () => {
    await merchant().products.createCollection({ name: 'Taken', slug: 'taken' });
    expect(await appCode(merchant().products.createCollection({ name: 'Again', slug: 'taken' }))).toEqual({
      status: 409,
      code: 'SLUG_TAKEN',
    });
  });

  it('adds and removes products (their collectionIds follow)', async () => {
    const { collection } = await merchant().products.createCollection({ name: 'Kitchen' });
    const cid = collection?._id as string;
    const [pan, pot] = [await product('Pan'), await product('Pot')];
    await expect(merchant().products.addProductsToCollection(cid, [pan, pot])).resolves.toBeUndefined();
    expect(await collectionIdsOf(pan)).toEqual([cid]);
    const read = await merchant().collections.getCollection(cid);
    expect(read?.numberOfProducts).toBe(2);
    await merchant().products.removeProductsFromCollection(cid, [pan]);
    expect(await collectionIdsOf(pan)).toEqual([]);
    expect(await collectionIdsOf(pot)).toEqual([cid]);
  });

  it('adds nothing when one product is unknown (404 PRODUCT_NOT_FOUND)', async () => {
    const { collection } = await merchant().products.createCollection({ name: 'Strict' });
    const known = await product('Known');
    const missing = '00000000-0000-4000-8000-000000000000';
    expect(await appCode(merchant().products.addProductsToCollection(collection?._id as string, [known, missing]))).toEqual({
      status: 404,
      code: 'PRODUCT_NOT_FOUND',
    });
    expect(await collectionIdsOf(known)).toEqual([]);
  });

  it('deletes a collection; its products stay without it', async () => {
    const { collection } = await merchant().products.createCollection({ name: 'Short lived' });
    const survivor = await product('Survivor');
    await merchant().products.addProductsToCollection(collection?._id as string, [survivor]);
    await merchant().products.deleteCollection(collection?._id as string);
    expect(await collectionIdsOf(survivor)).toEqual([]);
    expect(await appCode(merchant().collections.getCollection(collection?._id as string))).toMatchObject({ status: 404 });
  });

  it('answers 404 COLLECTION_NOT_FOUND for an unknown collection', async () => {
    expect(await appCode(merchant().products.updateCollection('00000000-0000-4000-8000-000000000000', { name: 'x' }))).toEqual({
      status: 404,
      code: 'COLLECTION_NOT_FOUND',
    });
    expect(await appCode(merchant().products.addProductsToCollection('nope', [await product('Lonely')]))).toEqual({
      status: 404,
      code: 'COLLECTION_NOT_FOUND',
    });
  });
});
