/**
 * A listing walks product_search in the catalogue's orders (migration 0040): each search row keeps its
 * product's sort keys (price, creation date, name), copied by trigger. These tests hold the listing's
 * order to `queryProducts`' (which sorts the products themselves), before and after the keys change.
 */
import type { SearchProductsRequest } from '@vitrine/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantOf, type SearchCatalog, shopperSearch, startSearchCatalog } from '../../../test/support/search-catalog.js';
import type { SortTerm } from './query/filter-types.js';

let shop: SearchCatalog;
beforeAll(async () => {
  shop = await startSearchCatalog();
});
afterAll(() => shop?.server.close());

const SORTS: SortTerm[][] = [
  [],
  [{ fieldName: 'name', order: 'ASC' }],
  [{ fieldName: 'name', order: 'DESC' }],
  [{ fieldName: 'price', order: 'ASC' }],
  [{ fieldName: 'price', order: 'DESC' }],
  [{ fieldName: 'createdDate', order: 'ASC' }],
  [{ fieldName: 'createdDate', order: 'DESC' }],
];

/** The names a listing shows, in its order. */
const listed = async (sort: SortTerm[], selected?: SearchProductsRequest['selected']) => {
  const answer = await shopperSearch(shop.server).searchProducts({ query: { sort }, selected, paging: { limit: 100 } });
  return answer.products.map((product) => product.name);
};

/** The names `queryProducts` answers a shopper in the same order, kept to `among` when given. */
const queried = async (sort: SortTerm[], among?: Set<string>) => {
  const { products } = await shop.server.services.catalogReads.queryProducts(
    { query: { sort, paging: { limit: 100 } } },
    { merchant: false },
  );
  return products.map((product) => product.name).filter((name) => !among || among.has(name));
};

async function expectListingsInQueryOrder() {
  const kitchen = new Set([
    'Ceramic mug',
    'Big blue mug',
    'Mug tree in blue',
    'Crème brûlée bowl',
    'Aardvark cup',
    'Zebra mug',
    'Aaron mug',
  ]);
  for (const sort of SORTS) {
    expect(await listed(sort), JSON.stringify(sort)).toEqual(await queried(sort));
    // A selection takes the sampled path, walking the same orders.
    expect(await listed(sort, { collectionIds: [shop.collectionIds.Kitchen as string] }), JSON.stringify(sort)).toEqual(
      await queried(sort, kitchen),
    );
  }
}

describe("a listing's orders (#22)", () => {
  it('are the orders queryProducts answers, for every sort the storefront offers', async () => {
    const names = await listed([{ fieldName: 'name', order: 'ASC' }]);
    expect(names[0]).toBe('Big blue mug');
    await expectListingsInQueryOrder();
  });

  it('follow a rename, a price change and a new product at once', async () => {
    const merchant = merchantOf(shop.server).products;
    await merchant.updateProduct(shop.productIds['Ceramic mug'] as string, { name: 'Aardvark cup' });
    await merchant.updateProduct(shop.productIds['Zip hoodie'] as string, { priceData: { price: 2 } });
    const added = (await merchant.createProduct({ name: 'Zebra mug', priceData: { price: 99 } })).product?._id as string;
    await merchant.addProductsToCollection(shop.collectionIds.Kitchen as string, [added]);

    expect((await listed([{ fieldName: 'name', order: 'ASC' }]))[0]).toBe('Aardvark cup');
    expect((await listed([{ fieldName: 'price', order: 'ASC' }]))[0]).toBe('Zip hoodie');
    expect((await listed([]))[0]).toBe('Zebra mug');
    expect((await listed([{ fieldName: 'price', order: 'DESC' }], { collectionIds: [shop.collectionIds.Kitchen as string] }))[0]).toBe(
      'Zebra mug',
    );
    await expectListingsInQueryOrder();
  });

  it('follow a rename by a writer other than the catalogue service (the products trigger)', async () => {
    // The catalogue's writers rewrite the search document on a rename; this one writes the product alone.
    await shop.server.database.db
      .updateTable('products')
      .set({ name: 'Aaron mug' })
      .where('id', '=', shop.productIds['Mug tree in blue'] as string)
      .execute();
    shop.server.services.catalogCache.clear();
    expect((await listed([{ fieldName: 'name', order: 'ASC' }])).slice(0, 2)).toEqual(['Aardvark cup', 'Aaron mug']);
    await expectListingsInQueryOrder();
  });
});
