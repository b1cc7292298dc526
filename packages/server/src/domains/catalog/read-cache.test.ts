import { ApiKeyStrategy, createClient, OAuthStrategy, type Product } from '@vitrine/sdk';
import { collections, products } from '@vitrine/sdk/stores';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { insertProduct } from '../../../test/support/catalog-fixtures.js';
import { postJson } from '../../../test/support/http.js';
import { copyOfTemplate, type SharedDatabaseServer, startSharedDatabaseServer } from '../../../test/support/shared-database-server.js';
import { startTestServer, TEST_CLIENT_ID, type TestServer } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';
import { transaction } from '../../platform/db/transaction.js';
import type { CartProduct } from './cart-product.js';
import { CatalogCache } from './read-cache.js';

const shopperOf = (url: string) =>
  createClient({ host: url, modules: { products, collections }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
const merchantOf = (url: string, apiKey: string) =>
  createClient({ host: url, modules: { products, collections }, auth: ApiKeyStrategy({ apiKey }) });
const notFound = async (pending: Promise<unknown>) => {
  const error = await thrown(pending);
  return [error.status, error.details?.applicationError?.code];
};

/** A load the test finishes when it wants, counting its calls. */
function controlledLoad(text: string) {
  let finish: () => void = () => {};
  const gate = new Promise<void>((resolve) => {
    finish = resolve;
  });
  const load = Object.assign(
    async () => {
      load.calls++;
      await gate;
      return Buffer.from(text);
    },
    { calls: 0, finish: () => finish() },
  );
  return load;
}

describe('CatalogCache', () => {
  const id = '5dc3e8cc-a0ce-4a1a-9e29-3fa8eee9a137';

  it('reads an answer once for a crowd asking at the same time', async () => {
    const cache = new CatalogCache({ maxEntries: 10 });
    const load = controlledLoad('old');
    const crowd = Promise.all([cache.product(id, load), cache.product(id, load), cache.product(id, load)]);
    load.finish();
    expect((await crowd).map(String)).toEqual(['old', 'old', 'old']);
    expect(load.calls).toBe(1);
  });

  it('does not keep an answer whose reading overlapped a change', async () => {
    const cache = new CatalogCache({ maxEntries: 10 });
    const before = controlledLoad('old');
    const reading = cache.product(id, before);
    cache.changed('product', id);
    before.finish();
    await reading;
    const after = controlledLoad('new');
    after.finish();
    expect(String(await cache.product(id, after))).toBe('new');
  });

  it('does not let a request made after a change join a reading begun before it', async () => {
    const cache = new CatalogCache({ maxEntries: 10 });
    const before = controlledLoad('old');
    const reading = cache.product(id, before);
    cache.changed('product', id);
    const after = controlledLoad('new');
    after.finish();
    expect(String(await cache.product(id, after))).toBe('new');
    before.finish();
    await reading;
  });
});

describe('CatalogCache memory', () => {
  it('holds product answers within their half of its byte bound, CATALOG_CACHE_MB (#23)', async () => {
    const cache = new CatalogCache({ maxEntries: 1000, maxBytes: 1 << 20 });
    const answer = Buffer.alloc(100_000, 'x');
    for (let i = 0; i < 20; i++) await cache.product(`product-${i}`, async () => answer);
    expect(cache.bytes().products).toBe(5 * 100_000);
  });
});

describe('CatalogCache, the products carts read', () => {
  const id = '5dc3e8cc-a0ce-4a1a-9e29-3fa8eee9a137';
  const product = (name: string) => ({ id, name }) as CartProduct;
  /** Loads `product(name)` for every id asked, counting the ids asked. */
  const loader = (name: string) => {
    const asked: string[][] = [];
    const load = async (missing: string[]) => {
      asked.push(missing);
      return new Map(missing.map((missingId) => [missingId, product(name)]));
    };
    return { asked, load };
  };

  it('keeps what it loaded and answers it from memory until the product changes', async () => {
    const cache = new CatalogCache({ maxEntries: 10 });
    const first = loader('old');
    await cache.cartProductsById([id], first.load);
    expect((await cache.cartProductsById([id], first.load)).get(id)?.name).toBe('old');
    expect(first.asked).toEqual([[id]]);
    cache.changed('product', id);
    expect((await cache.cartProductsById([id], loader('new').load)).get(id)?.name).toBe('new');
  });

  it('does not keep products read inside a transaction (keep = false)', async () => {
    const cache = new CatalogCache({ maxEntries: 10 });
    await cache.cartProductsById([id], loader('own write').load, false);
    expect((await cache.cartProductsById([id], loader('committed').load)).get(id)?.name).toBe('committed');
  });

  it('does not keep products whose reading overlapped a change', async () => {
    const cache = new CatalogCache({ maxEntries: 10 });
    const reading = cache.cartProductsById([id], async (missing) => {
      cache.changed('product', crypto.randomUUID());
      return new Map(missing.map((missingId) => [missingId, product('read before the change')]));
    });
    expect((await reading).get(id)?.name).toBe('read before the change');
    expect((await cache.cartProductsById([id], loader('read after').load)).get(id)?.name).toBe('read after');
  });
});

describe('the catalogue cache on one server', () => {
  let server: TestServer;
  const shopper = () => shopperOf(server.url);
  const merchant = () => merchantOf(server.url, server.apiKey);
  /** A new visible product, read once by a shopper (so its answer is in memory). */
  const cachedProduct = async (extra: Partial<Product> = {}) => {
    const { product } = await merchant().products.createProduct({
      name: `Cached ${crypto.randomUUID()}`,
      priceData: { price: 10 },
      ...extra,
    });
    const id = product?._id as string;
    await shopper().products.getProduct(id);
    return id;
  };
  /** Renames a product behind the service's back: no event, so the cache is not told. */
  const renameInSql = (id: string, name: string) => sql`UPDATE products SET name = ${name} WHERE id = ${id}`.execute(server.database.db);

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => server?.close());

  it('answers a shopper from memory until the catalogue changes through the service', async () => {
    const id = await cachedProduct();
    await renameInSql(id, 'Renamed in SQL');
    expect((await shopper().products.getProduct(id)).product?.name).not.toBe('Renamed in SQL');
  });

  it('forgets a product on a product event published straight through services.events (any publisher), once it commits', async () => {
    const id = await cachedProduct();
    await transaction(server.database.db, async (trx) => {
      await sql`UPDATE products SET name = 'Changed by another domain' WHERE id = ${id}`.execute(trx);
      await server.services.events.publish(trx, { type: 'product.changed', entityId: id, identity: { identityType: 'UNKNOWN' } });
    });
    expect((await shopper().products.getProduct(id)).product?.name).toBe('Changed by another domain');
  });

  it('keeps its answers when a transaction that published a product event rolls back', async () => {
    const id = await cachedProduct();
    await renameInSql(id, 'Renamed in SQL');
    const rolledBack = transaction(server.database.db, async (trx) => {
      await server.services.events.publish(trx, { type: 'product.changed', entityId: id, identity: { identityType: 'UNKNOWN' } });
      throw new Error('rolled back');
    });
    await expect(rolledBack).rejects.toThrow('rolled back');
    // Forgotten at publish time (a reading under way could have seen the write), so the next read is fresh.
    expect((await shopper().products.getProduct(id)).product?.name).toBe('Renamed in SQL');
    await renameInSql(id, 'Renamed again');
    // Nothing ran after the rollback: the fresh answer stays in memory.
    expect((await shopper().products.getProduct(id)).product?.name).toBe('Renamed in SQL');
  });

  it('keeps its answers on events about other entities (carts)', async () => {
    const id = await cachedProduct();
    await renameInSql(id, 'Renamed in SQL');
    await transaction(server.database.db, async (trx) => {
      await server.services.events.publish(trx, {
        type: 'cart.updated',
        entityId: crypto.randomUUID(),
        identity: { identityType: 'UNKNOWN' },
      });
    });
    expect((await shopper().products.getProduct(id)).product?.name).not.toBe('Renamed in SQL');
  });

  it('never answers a merchant from memory', async () => {
    const id = await cachedProduct();
    await renameInSql(id, 'Renamed in SQL');
    expect((await merchant().products.getProduct(id)).product?.name).toBe('Renamed in SQL');
  });

  it('shows a product updated through the merchant API at once', async () => {
    const id = await cachedProduct();
    await merchant().products.updateProduct(id, { name: 'Updated name', priceData: { price: 12.5 } });
    const { product } = await shopper().products.getProduct(id);
    expect([product?.name, product?.priceData?.price]).toEqual(['Updated name', 12.5]);
  });

  it('answers PRODUCT_NOT_FOUND at once for a deleted product', async () => {
    const id = await cachedProduct();
    await merchant().products.deleteProduct(id);
    expect(await notFound(shopper().products.getProduct(id))).toEqual([404, 'PRODUCT_NOT_FOUND']);
  });

  it('answers PRODUCT_NOT_FOUND to shoppers at once for a product the merchant hid', async () => {
    const id = await cachedProduct();
    await merchant().products.updateProduct(id, { visible: false });
    expect(await notFound(shopper().products.getProduct(id))).toEqual([404, 'PRODUCT_NOT_FOUND']);
  });

  it('counts a product that joins a collection at once (collection by slug)', async () => {
    const slug = `cached-${crypto.randomUUID().slice(0, 8)}`;
    const { collection } = await merchant().products.createCollection({ name: 'Cached collection', slug });
    expect((await shopper().products.getCollectionBySlug(slug)).collection?.numberOfProducts).toBe(0);
    await merchant().products.addProductsToCollection(collection?._id as string, [await cachedProduct()]);
    expect((await shopper().products.getCollectionBySlug(slug)).collection?.numberOfProducts).toBe(1);
  });

  it('stops naming a collection in a cached product at once when the merchant hides it', async () => {
    const { collection } = await merchant().products.createCollection({ name: 'Soon hidden' });
    const cid = collection?._id as string;
    const id = await cachedProduct();
    await merchant().products.addProductsToCollection(cid, [id]);
    expect((await shopper().products.getProduct(id)).product?.collectionIds).toEqual([cid]);
    await merchant().products.updateCollection(cid, { visible: false });
    expect((await shopper().products.getProduct(id)).product?.collectionIds).toEqual([]);
  });

  it('no longer finds a collection by the slug it was renamed from', async () => {
    const slug = `before-${crypto.randomUUID().slice(0, 8)}`;
    const { collection } = await merchant().products.createCollection({ name: 'Renamed collection', slug });
    await shopper().products.getCollectionBySlug(slug);
    await merchant().products.updateCollection(collection?._id as string, { slug: `${slug}-after` });
    expect(await notFound(shopper().products.getCollectionBySlug(slug))).toEqual([404, 'COLLECTION_NOT_FOUND']);
  });

  it('answers collection queries to shoppers from memory until the catalogue changes, never to merchants (#23)', async () => {
    const slug = `queried-${crypto.randomUUID().slice(0, 8)}`;
    const { collection } = await merchant().products.createCollection({ name: 'Queried collection', slug });
    const cid = collection?._id as string;
    const query = { filter: { slug: { $eq: slug } } };
    const shown = async (client: Pick<ReturnType<typeof shopper>, 'collections'>) => {
      const found = (await client.collections.queryCollections(query)).collections?.[0];
      return [found?.name, found?.numberOfProducts];
    };
    expect(await shown(shopper())).toEqual(['Queried collection', 0]);
    await sql`UPDATE collections SET name = 'Renamed in SQL' WHERE id = ${cid}`.execute(server.database.db);
    expect(await shown(shopper())).toEqual(['Queried collection', 0]);
    expect(await shown(merchant())).toEqual(['Renamed in SQL', 0]);
    // the POST form of the query (the long-GET fallback) shares the answer
    const posted = await postJson(server.url, '/stores-reader/v2/collections/query', { query });
    expect(posted.body.collections.map((found: { name: string }) => found.name)).toEqual(['Queried collection']);
    await merchant().products.addProductsToCollection(cid, [await cachedProduct()]);
    expect(await shown(shopper())).toEqual(['Renamed in SQL', 1]);
  });

  it('answers option availability to shoppers from memory until the product changes, never to merchants (#23)', async () => {
    const { id } = await insertProduct(server.database.db, {
      name: `Sized ${crypto.randomUUID()}`,
      price: 20,
      options: [{ name: 'Size', choices: ['S', 'M'] }],
      variants: [{ choices: { Size: 'M' }, sku: 'BEFORE' }],
    });
    const skuOf = async (client: Pick<ReturnType<typeof shopper>, 'products'>) =>
      (await client.products.getProductOptionsAvailability(id, { Size: 'M' })).selectedVariant?.sku;
    expect(await skuOf(shopper())).toBe('BEFORE');
    await sql`UPDATE product_variants SET sku = 'CHANGED IN SQL' WHERE product_id = ${id}`.execute(server.database.db);
    expect(await skuOf(shopper())).toBe('BEFORE');
    expect(await skuOf(merchant())).toBe('CHANGED IN SQL');
    await merchant().products.updateProduct(id, { name: 'Renamed by the merchant' });
    expect(await skuOf(shopper())).toBe('CHANGED IN SQL');
  });

  it('shows query results changed by a write at once', async () => {
    const brand = `Brand ${crypto.randomUUID()}`;
    const id = await cachedProduct({ brand });
    const priced = () =>
      shopper()
        .products.queryProducts()
        .eq('brand', brand)
        .ge('price', 100)
        .find()
        .then((result) => result.items.map((product) => product._id));
    expect(await priced()).toEqual([]);
    await merchant().products.updateProduct(id, { priceData: { price: 150 } });
    expect(await priced()).toEqual([id]);
  });
});

describe('the catalogue cache turned off', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ CATALOG_CACHE_SIZE: '0' });
  });
  afterAll(() => server?.close());

  it('answers shoppers from the database every time with CATALOG_CACHE_SIZE=0', async () => {
    const { product } = await merchantOf(server.url, server.apiKey).products.createProduct({ name: 'Uncached', priceData: { price: 1 } });
    const id = product?._id as string;
    await shopperOf(server.url).products.getProduct(id);
    await sql`UPDATE products SET name = 'Renamed in SQL' WHERE id = ${id}`.execute(server.database.db);
    expect((await shopperOf(server.url).products.getProduct(id)).product?.name).toBe('Renamed in SQL');
  });
});

// ---- several processes on one PostgreSQL database (only where DATABASE_URL points the tests at one)

const template = inject('databaseTemplate');

describe.runIf(template.kind === 'postgres')('the catalogue cache of several servers on one PostgreSQL database', () => {
  const apiKey = `vmk_test_${crypto.randomUUID().replaceAll('-', '')}`;
  let first: SharedDatabaseServer;
  let second: SharedDatabaseServer;
  let database: Awaited<ReturnType<typeof copyOfTemplate>> | undefined;
  let name: string;

  beforeAll(async () => {
    if (template.kind !== 'postgres') return;
    database = await copyOfTemplate(template);
    name = new URL(database.url).pathname.slice(1);
    first = await startSharedDatabaseServer(database.url, apiKey);
    second = await startSharedDatabaseServer(database.url, apiKey);
  });
  afterAll(async () => {
    for (const server of [first, second]) await server?.close();
    await database?.drop();
  });

  /** The product's name as a shopper of `server` reads it, until `wanted` or 1 s; answers it with the time taken. */
  async function nameSeenBy(server: SharedDatabaseServer, id: string, wanted: string): Promise<{ name?: string; ms: number }> {
    const startedAt = Date.now();
    let name: string | undefined;
    do {
      name = (await shopperOf(server.url).products.getProduct(id)).product?.name;
      if (name === wanted) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    } while (Date.now() - startedAt < 1000);
    return { name, ms: Date.now() - startedAt };
  }

  it('shows on server B, within 1 s, a product updated through server A', async () => {
    const { product } = await merchantOf(first.url, apiKey).products.createProduct({ name: 'Shared', priceData: { price: 3 } });
    const id = product?._id as string;
    expect((await nameSeenBy(second, id, 'Shared')).name).toBe('Shared');
    expect(second.services.catalogCache.active).toBe(true);
    await merchantOf(first.url, apiKey).products.updateProduct(id, { name: 'Shared, updated' });
    const seen = await nameSeenBy(second, id, 'Shared, updated');
    expect(seen.name).toBe('Shared, updated');
    expect(seen.ms).toBeLessThan(1000);
  });

  it('serves nothing from memory while its listening connection is lost, then listens again', async () => {
    await sql`SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = ${name} AND query = 'LISTEN vitrine_catalog'`.execute(
      first.database.db,
    );
    const startedAt = Date.now();
    while (second.services.catalogCache.active && Date.now() - startedAt < 2000) await new Promise((resolve) => setTimeout(resolve, 10));
    expect(second.services.catalogCache.active).toBe(false);
    while (!second.services.catalogCache.active && Date.now() - startedAt < 5000) await new Promise((resolve) => setTimeout(resolve, 50));
    expect(second.services.catalogCache.active).toBe(true);
  });
});
