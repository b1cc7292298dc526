import { ApiKeyStrategy, createClient, OAuthStrategy } from '@vitrine/sdk';
import { collections, products } from '@vitrine/sdk/stores';
import { beforeAll, describe, expect, it } from 'vitest';
import { type InsertedProduct, insertCollection, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { send } from '../../../test/support/http.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { TEST_CLIENT_ID } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const server = testServerForFile();
let mug: InsertedProduct;
let hidden: InsertedProduct;
let kitchenId: string;

beforeAll(async () => {
  const db = server.database.db;
  kitchenId = (await insertCollection(db, { name: 'Kitchen', slug: 'kitchen' })).id;
  mug = await insertProduct(db, {
    name: 'Blue mug',
    slug: 'blue-mug',
    sku: 'MUG',
    brand: 'Acme',
    ribbon: 'Sale',
    price: '10.00',
    cost: '4.00',
    discount: { type: 'PERCENT', value: 10 },
    options: [{ name: 'Size', choices: ['S', 'M', 'L'] }],
    variants: [
      { choices: { Size: 'L' }, price: '12.00', inStock: false },
      { choices: { Size: 'M' }, visible: false },
    ],
    collectionIds: [kitchenId],
  });
  hidden = await insertProduct(db, { name: 'Secret prototype', visible: false, price: 99 });
});

const shopper = () =>
  createClient({ host: server.url, modules: { products, collections }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
const merchant = () =>
  createClient({ host: server.url, modules: { products, collections }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

describe('getProduct', () => {
  it('answers the product with its prices, variants and collection ids', async () => {
    const { product } = await shopper().products.getProduct(mug.id);
    expect(product).toMatchObject({
      _id: mug.id,
      name: 'Blue mug',
      slug: 'blue-mug',
      visible: true,
      sku: 'MUG',
      brand: 'Acme',
      ribbon: 'Sale',
      priceData: { currency: 'USD', price: 10, discountedPrice: 9, formatted: { price: '$10.00', discountedPrice: '$9.00' } },
      priceRange: { minValue: 9, maxValue: 10.8 },
      discount: { type: 'PERCENT', value: 10 },
      stock: { inventoryStatus: 'PARTIALLY_OUT_OF_STOCK', inStock: true },
      collectionIds: [kitchenId],
    });
    expect(product?._createdDate).toBeInstanceOf(Date);
    expect(product?.lastUpdated).toBeInstanceOf(Date);
  });

  it('shows a shopper only the visible variants', async () => {
    const { product } = await shopper().products.getProduct(mug.id);
    expect(product?.variants?.map((variant) => variant.choices)).toEqual([{ Size: 'S' }, { Size: 'L' }]);
    expect(product?.variants?.[1]).toMatchObject({ _id: mug.variantId({ Size: 'L' }), stock: { inStock: false } });
  });

  it('shows the merchant every variant', async () => {
    const { product } = await merchant().products.getProduct(mug.id);
    expect(product?.variants?.map((variant) => variant.choices?.Size)).toEqual(['S', 'M', 'L']);
  });

  it('gives cost and profit to a merchant asking for merchant data', async () => {
    const { product } = await merchant().products.getProduct(mug.id, { includeMerchantSpecificData: true });
    expect(product?.costAndProfitData).toEqual({
      itemCost: 4,
      formattedItemCost: '$4.00',
      profit: 5,
      formattedProfit: '$5.00',
      profitMargin: 0.5556,
    });
    expect(product?.costRange).toEqual({ minValue: 4, maxValue: 4 });
  });

  it('ignores includeMerchantSpecificData from a shopper', async () => {
    const { product } = await shopper().products.getProduct(mug.id, { includeMerchantSpecificData: true });
    expect(product).not.toHaveProperty('costAndProfitData');
    expect(product).not.toHaveProperty('costRange');
    expect(product?.variants?.[0]?.variant).not.toHaveProperty('costAndProfitData');
  });

  it('gives no cost data to a merchant that does not ask', async () => {
    const { product } = await merchant().products.getProduct(mug.id);
    expect(product).not.toHaveProperty('costAndProfitData');
  });

  it('answers a hidden product to a shopper as not found', async () => {
    const error = await thrown(shopper().products.getProduct(hidden.id));
    expect(error.status).toBe(404);
    expect(error.details?.applicationError?.code).toBe('PRODUCT_NOT_FOUND');
  });

  it('shows a hidden product to the merchant', async () => {
    const { product } = await merchant().products.getProduct(hidden.id);
    expect(product).toMatchObject({ _id: hidden.id, visible: false });
  });

  it('answers an id that is not a UUID as not found', async () => {
    const error = await thrown(shopper().products.getProduct('prod-0001'));
    expect([error.status, error.details?.applicationError?.code]).toEqual([404, 'PRODUCT_NOT_FOUND']);
  });

  it('accepts the path id again in the query string, as the reference sends it', async () => {
    const response = await send(`${server.url}/stores-reader/v1/products/${mug.id}?id=${mug.id}`);
    expect([response.status, response.body.product.id]).toEqual([200, mug.id]);
  });

  it('answers credentials that do not verify with 401', async () => {
    const response = await send(`${server.url}/stores-reader/v1/products/${mug.id}`, { headers: { authorization: 'garbage' } });
    expect([response.status, response.body.details.applicationError.code]).toEqual([401, 'UNAUTHENTICATED']);
  });
});

describe('collectionIds', () => {
  it('names only visible collections to shoppers, every collection to the merchant', async () => {
    const db = server.database.db;
    const shown = (await insertCollection(db, { name: 'Shown shelf' })).id;
    const secret = (await insertCollection(db, { name: 'Secret shelf', visible: false })).id;
    const product = await insertProduct(db, { name: 'Shelved vase', price: 8, collectionIds: [shown, secret] });
    const query = { filter: { id: product.id } };
    expect((await shopper().products.getProduct(product.id)).product?.collectionIds).toEqual([shown]);
    expect((await shopper().products.queryProducts(query)).products?.[0]?.collectionIds).toEqual([shown]);
    expect((await shopper().products.getStoreVariant(`${product.id}-${product.variants[0]?.id}`)).variant?.collectionIds).toEqual([shown]);
    expect((await merchant().products.getProduct(product.id)).product?.collectionIds?.sort()).toEqual([shown, secret].sort());
    expect((await merchant().products.queryProducts(query)).products?.[0]?.collectionIds?.sort()).toEqual([shown, secret].sort());
  });
});
