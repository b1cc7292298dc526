/**
 * A search reads what it filters, counts and pages by from `product_search` alone (migration 0030):
 * these follow the product whoever changes it, the catalogue's writers or stock taken elsewhere.
 */
import { ApiKeyStrategy, createClient, type SearchProductsRequest } from '@vitrine/sdk';
import { inventory, products } from '@vitrine/sdk/stores';
import { beforeAll, describe, expect, it } from 'vitest';
import { shopperSearch } from '../../../test/support/search-catalog.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const server = testServerForFile();
let lanternId: string;
let collectionId: string;
const merchant = () =>
  createClient({ host: server.url, modules: { products, inventory }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
const search = (request: SearchProductsRequest) => shopperSearch(server).searchProducts(request);
const FACETS = { collections: true, choices: true, priceRanges: true, inStock: true, onSale: true } as const;

beforeAll(async () => {
  collectionId = (await merchant().products.createCollection({ name: 'Garden' })).collection?._id as string;
  lanternId = (
    await merchant().products.createProduct({
      name: 'Storm lantern',
      priceData: { price: 30 },
      stock: { trackInventory: true, quantity: 3 },
      productOptions: [{ name: 'Finish', choices: [{ value: 'Brass' }, { value: 'Zinc' }] }],
    })
  ).product?._id as string;
  await merchant().products.addProductsToCollection(collectionId, [lanternId]);
});

describe('search facets follow the product (#22)', () => {
  it('counts a product as written', async () => {
    const { facets, metadata } = await search({ text: 'lantern', facets: FACETS });
    expect(metadata.total).toBe(1);
    expect(facets.collections?.map((collection) => [collection.name, collection.count])).toEqual([['Garden', 1]]);
    expect(facets.choices).toEqual([
      {
        optionName: 'Finish',
        optionType: 'drop_down',
        values: [
          { value: 'Brass', count: 1, selected: false },
          { value: 'Zinc', count: 1, selected: false },
        ],
      },
    ]);
    expect(facets.priceRanges?.find((priceRange) => priceRange.from === '25')?.count).toBe(1);
    expect(facets.inStock).toEqual({ count: 1, selected: false });
    expect(facets.onSale).toEqual({ count: 0, selected: false });
  });

  it('stops counting it in stock when its stock is set to none', async () => {
    await merchant().inventory.adjustStock(lanternId, { quantity: 0, reason: 'CORRECTION' });
    const { facets } = await search({ text: 'lantern', facets: { inStock: true } });
    expect(facets.inStock).toEqual({ count: 0, selected: false });
    expect((await search({ text: 'lantern', selected: { inStock: true } })).metadata.total).toBe(0);
  });

  it('counts its new price, discount, choices and collections', async () => {
    await merchant().products.updateProduct(lanternId, {
      priceData: { price: 120 },
      discount: { type: 'PERCENT', value: 10 },
      productOptions: [{ name: 'Finish', choices: [{ value: 'Copper' }] }],
    });
    await merchant().products.removeProductsFromCollection(collectionId, [lanternId]);
    const { facets } = await search({ text: 'lantern', facets: FACETS });
    expect(facets.priceRanges?.find((priceRange) => priceRange.from === '100')?.count).toBe(1);
    expect(facets.onSale).toEqual({ count: 1, selected: false });
    expect(facets.choices?.[0]?.values.map((value) => value.value)).toEqual(['Copper']);
    expect(facets.collections).toEqual([]);
    const byPrice = await search({ text: 'lantern', query: { sort: [{ fieldName: 'price', order: 'ASC' }] } });
    expect(byPrice.products.map((product) => product.priceData?.discountedPrice)).toEqual([108]);
  });

  it('stops finding it when it is hidden', async () => {
    await merchant().products.updateProduct(lanternId, { visible: false });
    const { metadata } = await search({ text: 'lantern', facets: FACETS });
    expect(metadata.total).toBe(0);
  });
});
