import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantOf, type SearchCatalog, shopperSearch, startSearchCatalog } from '../../../test/support/search-catalog.js';

let shop: SearchCatalog;
beforeAll(async () => {
  shop = await startSearchCatalog();
});
afterAll(() => shop?.server.close());

const found = async (text: string) => (await shopperSearch(shop.server).searchProducts({ text })).products.map((product) => product.name);
const corrections = () => shop.server.services.catalogCache.counts().search_words ?? { hits: 0, misses: 0 };

describe('typo corrections kept between catalogue changes (#22)', () => {
  it('looks a typed word up once, then answers its corrections (and completions) from memory', async () => {
    const before = corrections();
    expect(await found('hodie')).toEqual(expect.arrayContaining(['Cotton hoodie', 'Zip hoodie']));
    const between = corrections();
    expect(await found('hodie')).toEqual(expect.arrayContaining(['Cotton hoodie', 'Zip hoodie']));
    const after = corrections();
    // two entries: the word's corrections and, as it is being typed, the lexemes it completes to
    expect([between.misses - before.misses, after.misses - between.misses, after.hits - between.hits]).toEqual([2, 0, 2]);
  });

  it('corrects to the words of a product created after the same typo found nothing', async () => {
    expect(await found('walnutt')).toEqual([]);
    await merchantOf(shop.server).products.createProduct({ name: 'Walnut tray', priceData: { price: 12 } });
    expect(await found('walnutt')).toEqual(['Walnut tray']);
  });

  it('keeps apart a word being typed and the same word typed whole', async () => {
    // "hood" starts a known word: while typed it is a prefix, not a typo; typed whole it is corrected.
    expect(await found('hood')).toEqual(expect.arrayContaining(['Cotton hoodie', 'Zip hoodie']));
    expect(await found('hood ')).toEqual(expect.arrayContaining(['Cotton hoodie', 'Zip hoodie']));
  });
});
