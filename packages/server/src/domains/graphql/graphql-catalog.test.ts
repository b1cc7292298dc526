import { ApiKeyStrategy, createClient, OAuthStrategy } from '@vitrine/sdk';
import { collections, products } from '@vitrine/sdk/stores';
import { beforeAll, describe, expect, it } from 'vitest';
import { type InsertedProduct, insertCollection, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';

const server = testServerForFile();
let kitchen: string;
let hiddenShelf: string;
let tee: InsertedProduct;
let lamp: InsertedProduct;

const day = (dayOfMonth: number) => new Date(Date.UTC(2024, 0, dayOfMonth));

beforeAll(async () => {
  const db = server.database.db;
  kitchen = (await insertCollection(db, { name: 'Kitchen', slug: 'kitchen' })).id;
  await insertCollection(db, { name: 'Garden', slug: 'garden' });
  hiddenShelf = (await insertCollection(db, { name: 'Back shelf', slug: 'back-shelf', visible: false })).id;
  await insertProduct(db, {
    name: 'Blue mug',
    slug: 'blue-mug',
    price: 10,
    cost: 4,
    brand: 'Acme',
    collectionIds: [kitchen],
    createdDate: day(1),
  });
  await insertProduct(db, { name: 'Blue plate', price: 20, brand: 'Acme', collectionIds: [kitchen], createdDate: day(2) });
  await insertProduct(db, { name: 'Red mug', price: 5, brand: 'Zeta', collectionIds: [kitchen], createdDate: day(3) });
  await insertProduct(db, { name: 'Garden hose', price: 30, inStock: false, createdDate: day(4) });
  await insertProduct(db, { name: 'Watering can', price: 15, discount: { type: 'AMOUNT', value: 5 }, brand: 'Zeta', createdDate: day(5) });
  lamp = await insertProduct(db, {
    name: 'Hidden lamp',
    slug: 'hidden-lamp',
    price: 12,
    visible: false,
    collectionIds: [kitchen],
    createdDate: day(6),
  });
  tee = await insertProduct(db, {
    name: 'Tee',
    slug: 'tee',
    price: 20,
    cost: 8,
    options: [
      { name: 'Size', choices: ['S', 'M', 'L'] },
      { name: 'Color', optionType: 'color', choices: ['Red', 'Blue'] },
    ],
    variants: [
      { choices: { Size: 'L', Color: 'Blue' }, price: 25, cost: 10 },
      { choices: { Size: 'S', Color: 'Red' }, visible: false },
    ],
    createdDate: day(7),
  });
});

const shopper = () =>
  createClient({ host: server.url, modules: { products, collections }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
const merchant = () =>
  createClient({ host: server.url, modules: { products, collections }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

interface Page<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}
type Named = { id: string; name: string };

describe('GraphQL products', () => {
  it('answers a filtered, sorted, paged query with the same products and total as the REST query', async () => {
    const filter = { price: { $gte: 5, $lt: 25 }, brand: { $in: ['Acme', 'Zeta'] } };
    const response = await shopper().graphql<{ products: Page<Named> }>(
      'query($filter: JSON, $paging: PagingInput) { products(filter: $filter, sort: [{fieldName: "price", order: DESC}], paging: $paging) { items { id name } total offset limit } }',
      { filter, paging: { limit: 2, offset: 1 } },
    );
    const rest = await shopper()
      .products.queryProducts()
      .between('price', 5, 25)
      .in('brand', ['Acme', 'Zeta'])
      .descending('price')
      .skip(1)
      .limit(2)
      .find();
    expect(response.errors).toBeUndefined();
    expect(response.data.products.items.map((product) => product.id)).toEqual(rest.items.map((product) => product._id));
    expect(response.data.products.total).toBe(rest.totalCount);
    expect(response.data.products).toMatchObject({ total: 4, offset: 1, limit: 2 });
  });

  it('finds a product by slug', async () => {
    const response = await shopper().graphql<{ product: Named & { slug: string } }>('{ product(slug: "tee") { id name slug } }');
    expect(response.data.product).toEqual({ id: tee.id, name: 'Tee', slug: 'tee' });
  });

  it('finds a product by id, with prices as numbers and dates as ISO strings', async () => {
    const response = await shopper().graphql<{ product: Record<string, unknown> }>(
      'query($id: ID) { product(id: $id) { name priceData { currency price discountedPrice formatted { price } } priceRange { minValue maxValue } createdDate } }',
      { id: tee.id },
    );
    expect(response.data.product).toEqual({
      name: 'Tee',
      priceData: { currency: 'USD', price: 20, discountedPrice: 20, formatted: { price: expect.stringContaining('20') } },
      priceRange: { minValue: 20, maxValue: 25 },
      createdDate: '2024-01-07T00:00:00.000Z',
    });
  });

  it('gives null for a product that does not exist', async () => {
    const response = await shopper().graphql(
      '{ a: product(slug: "no-such-thing") { id } b: product(id: "3f1c1f4e-0000-4000-8000-000000000000") { id } }',
    );
    expect(response).toEqual({ data: { a: null, b: null }, errors: undefined });
  });

  it('hides a hidden product from a shopper, by slug, by id and in queries', async () => {
    const response = await shopper().graphql<{ bySlug: null; byId: null; products: Page<Named> }>(
      'query($id: ID) { bySlug: product(slug: "hidden-lamp") { id } byId: product(id: $id) { id } products(paging: {limit: 100}) { items { id } total } }',
      { id: lamp.id },
    );
    expect(response.data.bySlug).toBeNull();
    expect(response.data.byId).toBeNull();
    expect(response.data.products.items.map((product) => product.id)).not.toContain(lamp.id);
    expect(response.data.products.total).toBe(6);
  });

  it('shows a hidden product to the merchant (API key)', async () => {
    const response = await merchant().graphql<{ product: Named & { visible: boolean }; products: Page<Named> }>(
      '{ product(slug: "hidden-lamp") { id visible } products(filter: {visible: false}) { items { id } total } }',
    );
    expect(response.data.product).toEqual({ id: lamp.id, visible: false });
    expect(response.data.products).toEqual({ items: [{ id: lamp.id }], total: 1 });
  });

  it('gives cost and profit data to the merchant only', async () => {
    const query =
      '{ product(slug: "blue-mug") { costAndProfitData { itemCost profit profitMargin } costRange { minValue } variants { variant { costAndProfitData { itemCost } } } } }';
    const asMerchant = await merchant().graphql<{ product: Record<string, unknown> }>(query);
    expect(asMerchant.data.product).toEqual({
      costAndProfitData: { itemCost: 4, profit: 6, profitMargin: 0.6 },
      costRange: { minValue: 4 },
      variants: [{ variant: { costAndProfitData: { itemCost: 4 } } }],
    });
    const asShopper = await shopper().graphql<{ product: Record<string, unknown> }>(query);
    expect(asShopper.data.product).toEqual({
      costAndProfitData: null,
      costRange: null,
      variants: [{ variant: { costAndProfitData: null } }],
    });
  });
});

describe('GraphQL collections', () => {
  it('queries collections with a filter and sort, like the REST query', async () => {
    // Operators start with `$`, which GraphQL literals cannot spell: such filters travel as variables.
    const response = await shopper().graphql<{ collections: Page<Named & { numberOfProducts: number }> }>(
      'query($f: JSON) { collections(filter: $f, sort: [{fieldName: "name"}]) { items { id name numberOfProducts } total } }',
      { f: { name: { $startsWith: 'k' } } },
    );
    const rest = await shopper().collections.queryCollections({ filter: { name: { $startsWith: 'k' } }, sort: [{ fieldName: 'name' }] });
    expect(response.errors).toBeUndefined();
    expect(response.data.collections.items.map((collection) => collection.id)).toEqual(
      rest.collections?.map((collection) => collection._id),
    );
    // the hidden lamp is not counted for a shopper
    expect(response.data.collections).toEqual({ items: [{ id: kitchen, name: 'Kitchen', numberOfProducts: 3 }], total: 1 });
  });

  it('finds a collection by slug and by id, and hides a hidden one from shoppers', async () => {
    const query = 'query($id: ID) { bySlug: collection(slug: "kitchen") { id slug lastUpdated } hidden: collection(id: $id) { id } }';
    const asShopper = await shopper().graphql<{ bySlug: { id: string; slug: string; lastUpdated: string }; hidden: null }>(query, {
      id: hiddenShelf,
    });
    expect(asShopper.data.bySlug).toMatchObject({ id: kitchen, slug: 'kitchen' });
    expect(new Date(asShopper.data.bySlug.lastUpdated).toISOString()).toBe(asShopper.data.bySlug.lastUpdated);
    expect(asShopper.data.hidden).toBeNull();
    const asMerchant = await merchant().graphql<{ hidden: { id: string } }>(query, { id: hiddenShelf });
    expect(asMerchant.data.hidden).toEqual({ id: hiddenShelf });
  });
});

describe('GraphQL product variants', () => {
  it("selects a product's variants by choices, with the REST answer's variants", async () => {
    const response = await shopper().graphql<{
      productVariants: Page<{ id: string; choices: Record<string, string>; variant: { priceData: { price: number } } }>;
    }>(
      'query($id: ID!) { productVariants(productId: $id, choices: {Size: "L"}) { items { id choices variant { priceData { price } } } total offset limit } }',
      { id: tee.id },
    );
    const rest = await shopper().products.queryProductVariants(tee.id, { choices: { Size: 'L' } });
    expect(response.data.productVariants.items.map((variant) => variant.id)).toEqual(rest.variants?.map((variant) => variant._id));
    expect(response.data.productVariants.items).toEqual([
      { id: tee.variantId({ Size: 'L', Color: 'Red' }), choices: { Size: 'L', Color: 'Red' }, variant: { priceData: { price: 20 } } },
      { id: tee.variantId({ Size: 'L', Color: 'Blue' }), choices: { Size: 'L', Color: 'Blue' }, variant: { priceData: { price: 25 } } },
    ]);
    expect(response.data.productVariants).toMatchObject({ total: 2, offset: 0, limit: 50 });
  });

  it('selects variants by id and leaves hidden variants to the merchant', async () => {
    const hidden = tee.variantId({ Size: 'S', Color: 'Red' });
    const query = 'query($id: ID!, $ids: [ID!]) { productVariants(productId: $id, variantIds: $ids) { items { id } total } }';
    const asShopper = await shopper().graphql<{ productVariants: Page<{ id: string }> }>(query, { id: tee.id, ids: [hidden] });
    expect(asShopper.data.productVariants).toEqual({ items: [], total: 0 });
    const asMerchant = await merchant().graphql<{ productVariants: Page<{ id: string }> }>(query, { id: tee.id, ids: [hidden] });
    expect(asMerchant.data.productVariants).toEqual({ items: [{ id: hidden }], total: 1 });
  });

  it('reports PRODUCT_NOT_FOUND for the variants of a product the caller may not see', async () => {
    const response = await shopper().graphql('query($id: ID!) { productVariants(productId: $id) { total } }', { id: lamp.id });
    expect(response.data).toEqual({ productVariants: null });
    expect(response.errors).toEqual([
      expect.objectContaining({
        message: 'Product not found',
        path: ['productVariants'],
        extensions: expect.objectContaining({ code: 'PRODUCT_NOT_FOUND' }),
      }),
    ]);
  });
});
