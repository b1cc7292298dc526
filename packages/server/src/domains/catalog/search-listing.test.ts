import type { SearchProductsRequest } from '@vitrine/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchCatalog, shopperSearch, startSearchCatalog } from '../../../test/support/search-catalog.js';

let shop: SearchCatalog;
beforeAll(async () => {
  shop = await startSearchCatalog();
});
afterAll(() => shop?.server.close());

const listing = async (request: SearchProductsRequest) => {
  const answer = await shopperSearch(shop.server).searchProducts(request);
  return { names: answer.products.map((product) => product.name ?? ''), total: answer.metadata.total };
};

/** The small shop's visible products by listed price (the lowest discounted price), cheapest first. */
const BY_PRICE = [
  'Dotted notebook', // 8
  'Big blue mug', // 15 - 4
  'Ceramic mug', // 12
  'Crème brûlée bowl', // 18
  'Mug tree in blue', // 22
  'Travel tumbler', // 25
  'Fountain pen', // 30
  'Cotton hoodie', // 45 - 10%
  'Zip hoodie', // 60, out of stock
];

describe('a listing without text (#22): every visible product, paged along a product order', () => {
  it('pages by price with a selection, skipping what the selection leaves out', async () => {
    const inStock = BY_PRICE.filter((name) => name !== 'Zip hoodie');
    const sort = [{ fieldName: 'price', order: 'ASC' as const }];
    expect(await listing({ query: { sort }, selected: { inStock: true }, paging: { limit: 3, offset: 2 } })).toEqual({
      names: inStock.slice(2, 5),
      total: 8,
    });
    expect(await listing({ query: { sort: [{ fieldName: 'price', order: 'DESC' }] }, paging: { limit: 2 } })).toEqual({
      names: ['Zip hoodie', 'Cotton hoodie'],
      total: 9,
    });
  });

  it('pages by name with a queryProducts filter and a facet selection', async () => {
    const apparel = shop.collectionIds.Apparel as string;
    expect(
      await listing({
        query: { filter: { price: { $lt: 30 } }, sort: [{ fieldName: 'name', order: 'ASC' }] },
        selected: { collectionIds: [shop.collectionIds.Kitchen as string] },
      }),
    ).toEqual({ names: ['Big blue mug', 'Ceramic mug', 'Crème brûlée bowl', 'Mug tree in blue'], total: 4 });
    expect(await listing({ query: { sort: [{ fieldName: 'name', order: 'DESC' }] }, selected: { collectionIds: [apparel] } })).toEqual({
      names: ['Zip hoodie', 'Cotton hoodie'],
      total: 2,
    });
  });

  it('lists newest first by default, the hidden product left out', async () => {
    const { names, total } = await listing({});
    expect(total).toBe(9);
    expect(names).toEqual([...names].sort((left, right) => order(right) - order(left)));
    expect(names).not.toContain('Secret mug');
  });
});

/** The order the small shop's products were created in. */
const order = (name: string) => Object.keys(shop.productIds).indexOf(name);
