import type { SearchFacets, SearchProductsRequest } from '@vitrine/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantOf, type SearchCatalog, shopperSearch, startSearchCatalog } from '../../../test/support/search-catalog.js';

/** The server counts facets exactly over this many matches at most (the small shop has 9 visible products). */
const BOUND = 3;
const ALL_FACETS = { collections: true, choices: true, priceRanges: true, inStock: true, onSale: true } as const;

let shop: SearchCatalog;
beforeAll(async () => {
  shop = await startSearchCatalog({ SEARCH_EXACT_FACETS_UP_TO: String(BOUND) });
});
afterAll(() => shop?.server.close());

const search = (request: SearchProductsRequest) => shopperSearch(shop.server).searchProducts(request);

/** Every count of the facets, flat. */
const countsOf = (facets: SearchFacets) => [
  ...(facets.collections ?? []).map((collection) => collection.count),
  ...(facets.choices ?? []).flatMap((choice) => choice.values.map((value) => value.count)),
  ...(facets.priceRanges ?? []).map((range) => range.count),
  ...(facets.inStock ? [facets.inStock.count] : []),
  ...(facets.onSale ? [facets.onSale.count] : []),
];

describe('facet counts past the exact bound (#22, SEARCH_EXACT_FACETS_UP_TO)', () => {
  it('says a count over more matches than the bound is an estimate, scaled from that many of them', async () => {
    const { facets, metadata } = await search({ facets: ALL_FACETS });
    expect(metadata.total).toBe(9); // the total stays exact
    expect(metadata.totalExact).toBe(true);
    expect(facets.exhaustive).toBe(false);
    // Each count is k of the BOUND counted products, scaled to the 9 matches: round(k * 9 / 3).
    const scaled = Array.from({ length: BOUND + 1 }, (_, k) => Math.round((k * metadata.total) / BOUND));
    const counts = countsOf(facets);
    expect(counts.length).toBeGreaterThan(0);
    for (const count of counts) expect(scaled).toContain(count);
    // The price ranges split the counted products: their estimates add up to every match.
    expect((facets.priceRanges ?? []).reduce((sum, range) => sum + range.count, 0)).toBe(metadata.total);
  });

  it('counts a listing without text over the visible products with the lowest ids', async () => {
    const every = (await search({ paging: { limit: 100 } })).products;
    const sample = [...every].sort((one, other) => ((one._id as string) < (other._id as string) ? -1 : 1)).slice(0, BOUND);
    const scaled = (k: number) => Math.round((k * every.length) / BOUND);
    const inStock = sample.filter((product) => product.stock?.inventoryStatus !== 'OUT_OF_STOCK').length;
    const onSale = sample.filter((product) => product.discount?.type !== 'NONE' && Number(product.discount?.value) > 0).length;
    const under25 = sample.filter((product) => Number(product.priceRange?.minValue) < 25).length;
    const { facets } = await search({ facets: ALL_FACETS });
    expect([facets.inStock?.count, facets.onSale?.count, facets.priceRanges?.[0]?.count]).toEqual([
      scaled(inStock),
      scaled(onSale),
      scaled(under25),
    ]);
    const narrowed = await search({ selected: { inStock: true }, facets: ALL_FACETS, paging: { limit: 1 } });
    expect([narrowed.facets.onSale?.count, narrowed.metadata.total]).toEqual([
      scaled(
        sample.filter(
          (product) =>
            product.stock?.inventoryStatus !== 'OUT_OF_STOCK' && product.discount?.type !== 'NONE' && Number(product.discount?.value) > 0,
        ).length,
      ),
      scaled(inStock),
    ]);
  });

  it('estimates the same counts for the same search', async () => {
    const first = await search({ facets: ALL_FACETS });
    const again = await search({ facets: ALL_FACETS });
    expect(again.facets).toEqual(first.facets);
  });

  it('counts exactly up to the bound, against the totals of the search with each value chosen', async () => {
    const base = { text: 'hoodie' };
    const { facets, metadata } = await search({ ...base, facets: ALL_FACETS });
    expect(metadata.total).toBe(2);
    expect(facets.exhaustive).toBe(true);
    const totalWith = async (selected: SearchProductsRequest['selected']) => (await search({ ...base, selected })).metadata.total;
    for (const option of facets.choices ?? []) {
      for (const value of option.values) expect(value.count).toBe(await totalWith({ choices: { [option.optionName]: [value.value] } }));
    }
    expect(facets.inStock?.count).toBe(await totalWith({ inStock: true }));
    expect(facets.onSale?.count).toBe(await totalWith({ onSale: true }));
  });

  it('says nothing of exactness when no facet is asked for', async () => {
    const { facets } = await search({});
    expect(facets).toEqual({});
  });
});

describe('a listing narrowed past the exact bound (#22)', () => {
  it('estimates its total from the same products as its facets, not over the whole catalogue', async () => {
    const { facets, metadata, products } = await search({ selected: { inStock: true }, facets: ALL_FACETS, paging: { limit: 1 } });
    expect(facets.exhaustive).toBe(false);
    expect(products).toHaveLength(1);
    // The in-stock facet (counted without its own selection) over the same sample: the same estimate.
    expect(metadata.total).toBe(facets.inStock?.count);
    expect(metadata.totalExact).toBe(false);
  });

  it('still pages to its last product, whether or not the sample holds them', async () => {
    const names: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await search({ selected: { choices: { Size: ['M'] } }, paging: cursor ? { limit: 1, cursor } : { limit: 1 } });
      names.push(...page.products.map((product) => product.name as string));
      cursor = page.metadata.nextCursor ?? undefined;
    } while (cursor);
    expect(names.sort()).toEqual(['Cotton hoodie', 'Zip hoodie']);
  });

  it('lists a narrowed listing in the order asked, whether its page is walked along the sort or read whole', async () => {
    // The sample is 3 random products: a selection it holds none of (likely the hoodies' Size M) is
    // read whole and sorted, one it holds some of walked along the price order.
    const byPrice = { query: { sort: [{ fieldName: 'price', order: 'DESC' as const }] }, paging: { limit: 100 } };
    const every = (await search(byPrice)).products;
    const namesOf = (products: typeof every) => products.map((product) => product.name);
    const hasSize = (product: (typeof every)[number], size: string) =>
      product.productOptions?.some((option) => option.name === 'Size' && option.choices?.some((choice) => choice.value === size));
    for (const size of ['S', 'M', 'L']) {
      const { products } = await search({ ...byPrice, selected: { choices: { Size: [size] } } });
      expect(namesOf(products)).toEqual(namesOf(every.filter((product) => hasSize(product, size))));
    }
    const { products } = await search({ ...byPrice, selected: { inStock: true } });
    expect(namesOf(products)).toEqual(namesOf(every.filter((product) => product.stock?.inventoryStatus !== 'OUT_OF_STOCK')));
  });

  it('counts none exactly when the first page finds nothing', async () => {
    const { metadata, products } = await search({ selected: { choices: { Size: ['XXL'] } }, facets: ALL_FACETS });
    expect([products, metadata.total, metadata.totalExact]).toEqual([[], 0, true]);
  });

  it('counts exactly once the page reaches the end', async () => {
    const { metadata } = await search({ selected: { choices: { Size: ['M'] } }, facets: ALL_FACETS });
    expect(metadata.total).toBe(2);
    expect(metadata.totalExact).toBe(true);
  });
});

// Last in the file: it adds products to the shop.
describe('the count of visible products a narrowed listing scales by, and the listing of every product answers (#22)', () => {
  const countLoads = () => shop.server.services.catalogCache.counts().visible_products ?? { hits: 0, misses: 0 };
  /** The in-stock listing's total estimated from the products with the lowest ids, scaled to every visible product. */
  async function expectedInStockTotal(on: SearchCatalog) {
    const listing = await shopperSearch(on.server).searchProducts({ paging: { limit: 100 } });
    const every = listing.products;
    // The listing of every product answers the count of visible products (kept in the cache) as its total.
    expect([listing.metadata.total, listing.metadata.totalExact]).toEqual([every.length, true]);
    const sample = [...every].sort((one, other) => ((one._id as string) < (other._id as string) ? -1 : 1)).slice(0, BOUND);
    const inStock = sample.filter((product) => product.stock?.inventoryStatus !== 'OUT_OF_STOCK').length;
    return Math.round((inStock * every.length) / BOUND);
  }
  const inStockTotal = async (on: SearchCatalog) =>
    (await shopperSearch(on.server).searchProducts({ selected: { inStock: true }, paging: { limit: 1 } })).metadata.total;

  it('is read once after a catalogue change, then kept until the next one', async () => {
    for (const name of ['Enamel mug', 'Enamel bowl']) {
      await merchantOf(shop.server).products.createProduct({ name, priceData: { price: 11 } });
      const changed = countLoads();
      // The listing of every product (which answers the count as its total) reads it, the two narrowed ones keep it.
      const expected = await expectedInStockTotal(shop);
      expect(await inStockTotal(shop)).toBe(expected);
      expect(await inStockTotal(shop)).toBe(expected);
      const after = countLoads();
      expect([after.misses - changed.misses, after.hits - changed.hits]).toEqual([1, 2]);
    }
  });

  it('is counted for every listing when the catalogue cache is off', async () => {
    const uncached = await startSearchCatalog({ SEARCH_EXACT_FACETS_UP_TO: String(BOUND), CATALOG_CACHE_SIZE: '0' });
    try {
      expect(await inStockTotal(uncached)).toBe(await expectedInStockTotal(uncached));
      expect(uncached.server.services.catalogCache.counts().visible_products).toEqual({ hits: 0, misses: 0 });
    } finally {
      await uncached.server.close();
    }
  });
});
