import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ApiKeyStrategy, createClient, OAuthStrategy, type Product } from '@vitrine/sdk';
import { collections, products } from '@vitrine/sdk/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, TEST_CLIENT_ID, type TestServer } from '../../test/support/test-server.js';
import { readImageHeader } from '../domains/catalog/image-header.js';
import { DEMO_COLLECTIONS, DEMO_COLORS, DEMO_PRODUCTS } from './demo-catalog.js';
import { type DemoSeedResult, demoSeedDeps, seedDemoCatalog } from './seed-demo.js';

let server: TestServer;
let mediaDir: string;
let first: DemoSeedResult;
let all: Product[];

const merchant = () =>
  createClient({ host: server.url, modules: { products, collections }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
const shopper = () =>
  createClient({ host: server.url, modules: { products, collections }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });

/** Every product as the merchant sees it (pages of 100). */
async function everyProduct(): Promise<Product[]> {
  const out: Product[] = [];
  for (let skip = 0; ; skip += 100) {
    const page = await merchant().products.queryProducts(
      { sort: [{ fieldName: 'name', order: 'ASC' }], paging: { limit: 100, offset: skip } },
      { includeVariants: true },
    );
    const items = page.products ?? [];
    out.push(...items);
    if (items.length < 100) return out;
  }
}

const bySlug = (slug: string) => all.find((product) => product.slug === slug) as Product;

beforeAll(async () => {
  mediaDir = await mkdtemp(join(tmpdir(), 'vitrine-demo-media-'));
  server = await startTestServer({ MEDIA_DIR: mediaDir });
  first = await seedDemoCatalog(demoSeedDeps(server.services));
  all = await everyProduct();
}, 120_000);
afterAll(async () => {
  await server?.close();
  await rm(mediaDir, { recursive: true, force: true });
});

describe('the demo catalogue', () => {
  it('creates about 60 products in 8 collections', async () => {
    expect(first).toMatchObject({ productsCreated: DEMO_PRODUCTS.length, collectionsCreated: 8, productsSkipped: 0 });
    expect(all).toHaveLength(60);
    const { items } = await merchant().collections.queryCollections().find();
    expect(items.map((collection) => collection.slug).sort()).toEqual(DEMO_COLLECTIONS.map((collection) => collection.slug).sort());
    for (const collection of items) expect(collection.numberOfProducts, collection.slug).toBeGreaterThanOrEqual(4);
  });

  it('gives products with options one variant per combination, some with their own price and SKU', () => {
    const tee = bySlug('everyday-crew-tee');
    expect(tee.productOptions?.map((productOption) => [productOption.name, productOption.optionType])).toEqual([
      ['Size', 'drop_down'],
      ['Color', 'color'],
    ]);
    expect(tee.variants).toHaveLength(20);
    const xxl = tee.variants?.find((variant) => variant.choices?.Size === 'XXL' && variant.choices?.Color === DEMO_COLORS.Black);
    expect(xxl?.variant).toMatchObject({ sku: 'TEE-CRW-BK-XXL', priceData: { price: 27 } });
    expect(tee.priceRange).toEqual({ minValue: 24, maxValue: 27 });
  });

  it('has sold-out products and products with some variants sold out', () => {
    const status = (slug: string) => bySlug(slug).stock?.inventoryStatus;
    expect(status('stoneware-espresso-cups')).toBe('OUT_OF_STOCK');
    expect(status('cotton-tank-top')).toBe('OUT_OF_STOCK');
    expect(status('everyday-crew-tee')).toBe('PARTIALLY_OUT_OF_STOCK');
    const navyXl = bySlug('everyday-crew-tee').variants?.find(
      (variant) => variant.choices?.Size === 'XL' && variant.choices?.Color === DEMO_COLORS.Navy,
    );
    expect(navyXl?.stock).toEqual({ trackQuantity: true, quantity: 0, inStock: false });
    expect(all.filter((product) => product.stock?.inventoryStatus === 'OUT_OF_STOCK').length).toBeGreaterThanOrEqual(4);
  });

  it('applies AMOUNT and PERCENT discounts to the prices', () => {
    expect(bySlug('enamel-camp-mug')).toMatchObject({ discount: { type: 'PERCENT', value: 15 }, priceData: { discountedPrice: 15.3 } });
    expect(bySlug('full-zip-hoodie')).toMatchObject({ discount: { type: 'AMOUNT', value: 10 }, priceData: { discountedPrice: 54 } });
  });

  it('carries ribbons, brands, additional info and a price per 100 g for coffee', () => {
    expect(new Set(all.map((product) => product.ribbon).filter(Boolean))).toEqual(new Set(['New', 'Sale', 'Limited']));
    expect(all.every((product) => product.brand)).toBe(true);
    const beans = bySlug('house-blend-coffee-beans');
    expect(beans.priceData).toMatchObject({ price: 13.5, pricePerUnit: 5.4 });
    expect(beans.additionalInfoSections?.map((additionalInfoSection) => additionalInfoSection.title)).toEqual([
      'Tasting notes',
      'Shipping',
    ]);
  });

  it('sells gift cards as digital products', () => {
    const cards = all.filter((product) => product.productType === 'digital');
    expect(cards.map((card) => card.slug).sort()).toEqual([
      'birthday-e-gift-card',
      'coffee-club-gift',
      'print-workshop-voucher',
      'vitrine-gift-card',
    ]);
  });

  it('hides a few products from shoppers', async () => {
    const result = await shopper().products.queryProducts().limit(100).find();
    expect(result.totalCount).toBe(57);
    expect(result.items.some((product) => product.slug === 'prototype-hoodie')).toBe(false);
  });

  it('serves every product picture as an 800 × 800 PNG', async () => {
    const url = bySlug('classic-diner-mug').media?.mainMedia?.image?.url as string;
    expect(url.startsWith(`${server.url}/media/`)).toBe(true);
    const res = await fetch(url);
    expect(res.headers.get('content-type')).toBe('image/png');
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect([...bytes.subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    expect(readImageHeader(bytes)).toEqual({ type: 'image/png', width: 800, height: 800 });
    expect(all.every((product) => product.media?.items?.length)).toBe(true);
  });

  it('gives colour choices their colour code as value and their name as description (the swatch and its name)', () => {
    const colors = bySlug('everyday-crew-tee').productOptions?.find((productOption) => productOption.name === 'Color');
    expect(colors?.choices?.map((choice) => [choice.value, choice.description])).toEqual([
      ['#f2f1ec', 'White'],
      ['#2b2d33', 'Black'],
      ['#9ea3a8', 'Heather grey'],
      ['#1f3a5f', 'Navy'],
    ]);
    const sizes = bySlug('everyday-crew-tee').productOptions?.find((productOption) => productOption.name === 'Size');
    expect(sizes?.choices?.every((choice) => choice.value === choice.description)).toBe(true);
  });

  it('gives each colour choice its own picture', () => {
    const mug = bySlug('classic-diner-mug');
    const colors = mug.productOptions?.find((productOption) => productOption.name === 'Color');
    const urls = colors?.choices?.map((choice) => choice.media?.mainMedia?.image?.url);
    expect(urls).toHaveLength(4);
    expect(new Set(urls).size).toBe(4);
    expect(mug.media?.items).toHaveLength(4);
  });

  it('creates nothing on a second run', async () => {
    const again = await seedDemoCatalog(demoSeedDeps(server.services));
    expect(again).toEqual({ productsCreated: 0, productsSkipped: 60, collectionsCreated: 0, images: 0 });
    expect((await merchant().products.queryProducts().find()).totalCount).toBe(60);
  });
});
