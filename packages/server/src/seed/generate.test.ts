import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type CatalogNotices, listenCatalogNotices } from '../../test/support/catalog-notices.js';
import { freshDatabase } from '../../test/support/test-database.js';
import type { WireProduct } from '../domains/catalog/product-view.js';
import { CatalogReadService } from '../domains/catalog/read-service.js';
import type { DatabaseHandle } from '../platform/db/database.js';
import { type GenerateResult, generateCatalog } from './generate.js';

let database: DatabaseHandle;
let reads: CatalogReadService;
let result: GenerateResult;
let seconds: number;
let notices: CatalogNotices;
const progress: [number, number][] = [];
const merchant = { merchant: true };

/** Every generated product, as the merchant reads them (pages of 100). */
async function everyProduct(): Promise<WireProduct[]> {
  const out: WireProduct[] = [];
  for (let offset = 0; ; offset += 100) {
    const page = await reads.queryProducts({ query: { paging: { limit: 100, offset } }, includeVariants: true }, merchant);
    out.push(...page.products);
    if (page.products.length < 100) return out;
  }
}

beforeAll(async () => {
  database = await freshDatabase();
  reads = new CatalogReadService({ db: database.db, publicUrl: 'http://shop.test' });
  notices = await listenCatalogNotices(database);
  const started = performance.now();
  result = await generateCatalog(database.db, {
    count: 500,
    collections: 4,
    currency: 'USD',
    batchSize: 200,
    onProgress: (done, total) => progress.push([done, total]),
  });
  seconds = (performance.now() - started) / 1000;
});
afterAll(async () => {
  await notices?.stop();
  await database?.close();
});

describe('generateCatalog', () => {
  it('generates 500 products quickly', () => {
    expect(result).toMatchObject({ products: 500, collections: 4 });
    expect(seconds).toBeLessThan(15);
  });

  it('tells running servers’ caches that the catalogue changed (catalog:*), once per committed batch', async () => {
    expect(await notices.heard((channel) => channel === 'catalog:*', 3)).toBe(3);
  });

  it('leaves the catalogue tables analyzed (the planner knows their size)', async () => {
    const statistics = await sql<{ relname: string; reltuples: number }>`
      SELECT relname, reltuples::float8 AS reltuples FROM pg_class WHERE relname IN ('products', 'product_variants')`.execute(database.db);
    const tuples = Object.fromEntries(statistics.rows.map((row) => [row.relname, Number(row.reltuples)]));
    expect(tuples.products).toBe(500);
    expect(tuples.product_variants).toBe(result.variants);
  });

  it('reports progress after each committed batch', () => {
    expect(progress).toEqual([
      [200, 500],
      [400, 500],
      [500, 500],
    ]);
  });

  it('makes every product readable, hidden ones by the merchant only', async () => {
    const all = await reads.queryProducts({ query: {} }, merchant);
    const shown = await reads.queryProducts({ query: {} }, { merchant: false });
    expect(all.metadata.total).toBe(500);
    expect(shown.metadata.total).toBeLessThan(500);
    expect(shown.metadata.total).toBeGreaterThan(450);
  });

  it('stores one variant per combination of options', async () => {
    const products = await everyProduct();
    expect(products.reduce((total, product) => total + product.variants.length, 0)).toBe(result.variants);
    for (const product of products) {
      const combos = product.productOptions.reduce((combinations, option) => combinations * option.choices.length, 1);
      expect(product.variants, product.slug).toHaveLength(combos);
    }
  });

  it('gives products every colour and size, two or three neighbouring colours each', async () => {
    const products = await everyProduct();
    const colours = products.flatMap((product) => product.productOptions.filter((option) => option.name === 'Color'));
    const seen = new Set(colours.flatMap((option) => option.choices.map((choice) => choice.value)));
    expect(seen).toEqual(new Set(['Black', 'White', 'Navy', 'Red', 'Forest', 'Sand']));
    for (const option of colours) expect(option.choices.length).toBeGreaterThanOrEqual(2);
    for (const option of colours) expect(option.choices.length).toBeLessThanOrEqual(3);
    const sizes = products.flatMap((product) => product.productOptions.filter((option) => option.name === 'Size'));
    expect(new Set(sizes.flatMap((option) => option.choices.map((choice) => choice.value)))).toEqual(new Set(['XS', 'S', 'M', 'L', 'XL']));
  });

  it('derives each price range from the visible variants and the discount', async () => {
    const products = await everyProduct();
    for (const product of products) {
      const prices = product.variants
        .filter((variant) => variant.variant.visible)
        .map((variant) => variant.variant.priceData.discountedPrice);
      expect(product.priceRange, product.slug).toEqual({ minValue: Math.min(...prices), maxValue: Math.max(...prices) });
    }
    expect(products.some((product) => product.priceRange.minValue < product.priceRange.maxValue)).toBe(true);
    expect(new Set(products.map((product) => product.discount.type))).toEqual(new Set(['NONE', 'AMOUNT', 'PERCENT']));
  });

  it('derives the inventory status from the variants', async () => {
    const products = await everyProduct();
    for (const product of products) {
      const inStock = product.variants.filter((variant) => variant.stock.inStock).length;
      const expected = inStock === product.variants.length ? 'IN_STOCK' : inStock === 0 ? 'OUT_OF_STOCK' : 'PARTIALLY_OUT_OF_STOCK';
      expect(product.stock.inventoryStatus, product.slug).toBe(expected);
    }
    expect(products.some((product) => product.stock.inventoryStatus === 'OUT_OF_STOCK')).toBe(true);
  });

  it('puts every product in a collection, and the counts add up', async () => {
    const { collections } = await reads.queryCollections({}, merchant);
    expect(collections).toHaveLength(4);
    const links = await database.db
      .selectFrom('product_collections')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(collections.reduce((total, collection) => total + collection.numberOfProducts, 0)).toBe(Number(links.n));
    expect(Number(links.n)).toBeGreaterThanOrEqual(500);
    const filtered = await reads.queryProducts({ query: { filter: { collectionIds: collections[0]?.id } } }, merchant);
    expect(filtered.metadata.total).toBe(collections[0]?.numberOfProducts);
  });

  it('publishes no events', async () => {
    const events = await database.db
      .selectFrom('events')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(events.n)).toBe(0);
  });

  it('adds more products on a second run, with slugs of their own', async () => {
    const again = await generateCatalog(database.db, { count: 20, collections: 0, currency: 'USD' });
    expect(again.tag).not.toBe(result.tag);
    expect((await reads.queryProducts({ query: {} }, merchant)).metadata.total).toBe(520);
  });
});
