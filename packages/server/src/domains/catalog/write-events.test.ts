import { ApiKeyStrategy, createClient } from '@vitrine/sdk';
import { products } from '@vitrine/sdk/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

let server: TestServer;
let apiKeyId: string;
beforeAll(async () => {
  // No delivery worker: the test reads the outbox itself.
  server = await startTestServer({ WEBHOOK_INTERVAL_MS: '0' });
  const key = await server.database.db.selectFrom('api_keys').select('id').executeTakeFirstOrThrow();
  apiKeyId = key.id;
});
afterAll(() => server?.close());

const merchant = () => createClient({ host: server.url, modules: { products }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

/** The events recorded about an entity, in commit order. */
async function eventsOf(entityId: string) {
  const rows = await server.database.db
    .selectFrom('events')
    .select(['type', 'payload', 'identity'])
    .where('entity_id', '=', entityId)
    .orderBy('sequence')
    .execute();
  return rows;
}

const types = async (id: string) => (await eventsOf(id)).map((event) => event.type);

describe('catalogue write events', () => {
  it('records product.created with the product and the API key as the app that caused it', async () => {
    const { product } = await merchant().products.createProduct({ name: 'Evented', priceData: { price: 3 } });
    const [event] = await eventsOf(product?._id as string);
    expect(event?.type).toBe('product.created');
    expect(event?.identity).toEqual({ identityType: 'APP', appId: apiKeyId });
    expect(event?.payload).toMatchObject({ entityId: product?._id, entity: { id: product?._id, name: 'Evented', slug: 'evented' } });
  });

  it('records product.changed, then product.variants_changed when the options change the variants', async () => {
    const { product } = await merchant().products.createProduct({ name: 'Changing', priceData: { price: 3 } });
    const id = product?._id as string;
    await merchant().products.updateProduct(id, { name: 'Changed' });
    await merchant().products.updateProduct(id, { productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }] });
    await merchant().products.updateProductVariants(id, [{ choices: { Size: 'S' }, price: 2 }]);
    expect(await types(id)).toEqual([
      'product.created',
      'product.changed',
      'product.changed',
      'product.variants_changed',
      'product.variants_changed',
    ]);
  });

  it('records product.deleted carrying the id only', async () => {
    const { product } = await merchant().products.createProduct({ name: 'Gone', priceData: { price: 3 } });
    await merchant().products.deleteProduct(product?._id as string);
    const last = (await eventsOf(product?._id as string)).at(-1);
    expect(last?.type).toBe('product.deleted');
    expect(last?.payload).toMatchObject({ entity: { id: product?._id } });
    expect(Object.keys((last?.payload as { entity?: object } | undefined)?.entity ?? {})).toEqual(['id']);
  });

  it('records collection events, and product.changed for each product whose collections changed', async () => {
    const { collection } = await merchant().products.createCollection({ name: 'Evented collection' });
    const cid = collection?._id as string;
    const { product } = await merchant().products.createProduct({ name: 'Member', priceData: { price: 3 } });
    await merchant().products.addProductsToCollection(cid, [product?._id as string]);
    await merchant().products.updateCollection(cid, { description: 'now described' });
    await merchant().products.deleteCollection(cid);
    expect(await types(cid)).toEqual(['collection.created', 'collection.changed', 'collection.changed', 'collection.deleted']);
    const productEvents = await eventsOf(product?._id as string);
    expect(productEvents.map((productEvent) => productEvent.type)).toEqual(['product.created', 'product.changed', 'product.changed']);
    expect(productEvents[1]?.payload).toMatchObject({ entity: { collectionIds: [cid] } });
  });

  it('leaves no product and no event behind when a create fails', async () => {
    const before = await server.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    await thrown(merchant().products.createProduct({ name: 'Broken', priceData: { price: 1 }, discount: { type: 'AMOUNT', value: 2 } }));
    const after = await server.database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
    expect(await server.database.db.selectFrom('products').select('id').where('name', '=', 'Broken').execute()).toEqual([]);
  });

  it('leaves no change and no event behind when a later part of a write fails', async () => {
    const { product } = await merchant().products.createProduct({
      name: 'Half',
      priceData: { price: 10 },
      productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }] }],
    });
    const id = product?._id as string;
    await thrown(
      merchant().products.updateProductVariants(id, [
        { choices: { Size: 'S' }, price: 1 },
        { choices: { Size: 'XL' }, price: 2 },
      ]),
    );
    expect(await types(id)).toEqual(['product.created']);
    const prices = await server.database.db.selectFrom('product_variants').select('price').where('product_id', '=', id).execute();
    expect(prices.every((price) => price.price === null)).toBe(true);
  });
});
