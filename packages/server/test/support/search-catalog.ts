import { ApiKeyStrategy, type AuthStrategy, type Client, createClient, OAuthStrategy, type Product } from '@vitrine/sdk';
import { search } from '@vitrine/sdk/search';
import { products } from '@vitrine/sdk/stores';
import { startTestServer, TEST_CLIENT_ID, type TestServer } from './test-server.js';

type ProductsClient = Client<{ products: typeof products }, AuthStrategy>;
type SearchModule = Client<{ search: typeof search }, AuthStrategy>['search'];

/** The merchant's products module over the test server's API key. */
export const merchantOf = (server: TestServer): ProductsClient =>
  createClient({ host: server.url, modules: { products }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });

/** A visitor's search module. */
export const shopperSearch = (server: TestServer): SearchModule =>
  createClient({ host: server.url, modules: { search }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) }).search;

export interface SearchCatalog {
  server: TestServer;
  /** product name → id */
  productIds: Record<string, string>;
  /** collection name → id */
  collectionIds: Record<string, string>;
}

const size = (...values: string[]) => ({ name: 'Size', choices: values.map((value) => ({ value })) });

/**
 * A small shop written through the merchant API (so every document is made by the real writers):
 * mugs, hoodies, stationery, a hidden product and a hidden collection. `env`: the server's settings.
 */
export async function startSearchCatalog(env: Record<string, string> = {}): Promise<SearchCatalog> {
  const server = await startTestServer(env);
  const merchant = merchantOf(server).products;
  const collectionIds: Record<string, string> = {};
  for (const [name, visible] of [
    ['Kitchen', true],
    ['Apparel', true],
    ['Stationery', true],
    ['Staff picks', false],
  ] as const) {
    collectionIds[name] = (await merchant.createCollection({ name, visible })).collection?._id as string;
  }
  const list: [Product, string[]][] = [
    [
      {
        name: 'Ceramic mug',
        brand: 'Acme',
        sku: 'MUG-001',
        description: '<p>A sturdy cup for <strong>coffee</strong>.</p>',
        priceData: { price: 12 },
        productOptions: [
          { name: 'Color', optionType: 'color', choices: [{ value: '#2e6b3f', description: 'Forest green' }, { value: 'White' }] },
        ],
      },
      ['Kitchen'],
    ],
    [{ name: 'Big blue mug', priceData: { price: 15 }, discount: { type: 'AMOUNT', value: 4 } }, ['Kitchen']],
    [{ name: 'Mug tree in blue', priceData: { price: 22 } }, ['Kitchen']],
    [{ name: 'Crème brûlée bowl', priceData: { price: 18 } }, ['Kitchen']],
    [
      {
        name: 'Cotton hoodie',
        brand: 'Northwind',
        priceData: { price: 45 },
        discount: { type: 'PERCENT', value: 10 },
        productOptions: [size('S', 'M', 'L'), { name: 'Color', optionType: 'color', choices: [{ value: 'Navy' }, { value: 'White' }] }],
      },
      ['Apparel'],
    ],
    [{ name: 'Zip hoodie', priceData: { price: 60 }, stock: { inStock: false }, productOptions: [size('M', 'L')] }, ['Apparel']],
    [{ name: 'Dotted notebook', priceData: { price: 8 }, description: '<p>A5, dotted pages.</p>' }, ['Stationery']],
    [{ name: 'Fountain pen', priceData: { price: 30 }, description: '<p>Writes smoothly in any notebook.</p>' }, ['Stationery']],
    [{ name: 'Secret mug', priceData: { price: 9 }, visible: false }, ['Kitchen']],
    [{ name: 'Travel tumbler', priceData: { price: 25 } }, ['Staff picks']],
  ];
  const productIds: Record<string, string> = {};
  for (const [product, collections] of list) {
    const id = (await merchant.createProduct(product)).product?._id as string;
    productIds[product.name as string] = id;
    for (const collection of collections) await merchant.addProductsToCollection(collectionIds[collection] as string, [id]);
  }
  return { server, productIds, collectionIds };
}
