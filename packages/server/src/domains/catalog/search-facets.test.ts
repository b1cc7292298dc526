import type { SearchProductsRequest, SearchSelection } from '@vitrine/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchCatalog, shopperSearch, startSearchCatalog } from '../../../test/support/search-catalog.js';

let shop: SearchCatalog;
beforeAll(async () => {
  shop = await startSearchCatalog();
});
afterAll(() => shop?.server.close());

const ALL_FACETS = { collections: true, choices: true, priceRanges: true, inStock: true, onSale: true } as const;
const search = (request: SearchProductsRequest) => shopperSearch(shop.server).searchProducts(request);
/** How many products a search finds with `selected`: the count each facet value must equal. */
const totalWith = async (base: SearchProductsRequest, selected: SearchSelection) =>
  (await search({ ...base, selected, paging: { limit: 1 } })).metadata.total;

/**
 * Every count of every facet against the total of the search with that value chosen in place of
 * the facet's own selection (the other facets' selections kept): a second, independent way to count.
 */
async function expectCountsHold(base: SearchProductsRequest): Promise<void> {
  const { facets } = await search({ ...base, facets: ALL_FACETS });
  expect(facets.exhaustive).toBe(true);
  const selected = base.selected ?? {};
  for (const collection of facets.collections ?? [])
    expect(collection.count).toBe(await totalWith(base, { ...selected, collectionIds: [collection._id] }));
  for (const option of facets.choices ?? []) {
    for (const value of option.values) {
      expect(value.count).toBe(
        await totalWith(base, { ...selected, choices: { ...selected.choices, [option.optionName]: [value.value] } }),
      );
    }
  }
  for (const range of facets.priceRanges ?? []) {
    expect(range.count).toBe(await totalWith(base, { ...selected, priceRanges: [{ from: range.from, to: range.to }] }));
  }
  expect(facets.inStock?.count).toBe(await totalWith(base, { ...selected, inStock: true }));
  expect(facets.onSale?.count).toBe(await totalWith(base, { ...selected, onSale: true }));
}

describe('facet counts (#22)', () => {
  it('counts what each value would find, for the whole listing', async () => {
    await expectCountsHold({});
  });

  it('counts what each value would find, for a text search', async () => {
    await expectCountsHold({ text: 'mug' });
  });

  it('counts a facet without its own selection and with the others (disjunctive counting)', async () => {
    const selected = { choices: { Size: ['L'] }, onSale: true };
    await expectCountsHold({ selected });
    const { facets, metadata } = await search({ selected, facets: ALL_FACETS });
    expect(metadata.total).toBe(1); // the cotton hoodie: size L and on sale
    const sizes = facets.choices?.find((choice) => choice.optionName === 'Size');
    // Sizes are counted over the products on sale: only the cotton hoodie has sizes and a discount
    // (listed in the order its option defines them, search-facet-order.test.ts).
    expect(sizes?.values).toEqual([
      { value: 'S', count: 1, selected: false },
      { value: 'M', count: 1, selected: false },
      { value: 'L', count: 1, selected: true },
    ]);
    // On sale is counted over size L: both hoodies have an L, one is on sale.
    expect(facets.onSale).toEqual({ count: 1, selected: true });
  });

  it('widens within a facet and narrows across facets', async () => {
    const kitchen = shop.collectionIds.Kitchen as string;
    const apparel = shop.collectionIds.Apparel as string;
    expect(await totalWith({}, { collectionIds: [kitchen] })).toBe(4);
    expect(await totalWith({}, { collectionIds: [kitchen, apparel] })).toBe(6);
    expect(await totalWith({}, { collectionIds: [kitchen, apparel], inStock: true })).toBe(5);
  });

  it('shows colour choices by name with their swatch', async () => {
    const { facets } = await search({ text: 'ceramic', facets: { choices: true } });
    expect(facets.choices).toEqual([
      {
        optionName: 'Color',
        optionType: 'color',
        values: [
          { value: 'Forest green', swatch: '#2e6b3f', count: 1, selected: false },
          { value: 'White', count: 1, selected: false },
        ],
      },
    ]);
  });

  it('counts visible collections and products only', async () => {
    const { facets, metadata } = await search({ facets: { collections: true } });
    expect(metadata.total).toBe(9);
    expect(facets.collections?.map((collection) => [collection.name, collection.count])).toEqual([
      ['Kitchen', 4],
      ['Apparel', 2],
      ['Stationery', 2],
    ]);
  });

  it('counts the default price ranges on the discounted price (a range includes its start)', async () => {
    const { facets } = await search({ facets: { priceRanges: true } });
    expect(facets.priceRanges).toEqual([
      { to: '25', count: 5, selected: false },
      { from: '25', to: '50', count: 3, selected: false },
      { from: '50', to: '100', count: 1, selected: false },
      { from: '100', to: '200', count: 0, selected: false },
      { from: '200', count: 0, selected: false },
    ]);
  });
});
