/**
 * The word being typed is read as the lexemes it completes to (migration 0038's `search_lexemes`),
 * which must find exactly what the prefix itself (`word:*`) finds.
 */
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantOf, type SearchCatalog, shopperSearch, startSearchCatalog } from '../../../test/support/search-catalog.js';
import { findCompletions } from './search-store.js';

let shop: SearchCatalog;
beforeAll(async () => {
  shop = await startSearchCatalog();
  const merchant = merchantOf(shop.server).products;
  await merchant.createProduct({ name: 'Organic tee-shirt', priceData: { price: 20 }, description: '<p>Soft o’brien-style cotton.</p>' });
  // seventeen lexemes starting with "qx": more than a word being typed is completed to
  const many = 'abcdefghijklmnopq'.split('').map((letter) => `qx${letter}`);
  await merchant.createProduct({ name: 'Qx sampler', priceData: { price: 5 }, description: `<p>${many.join(' ')}</p>` });
});
afterAll(() => shop?.server.close());

const search = (text: string) => shopperSearch(shop.server).searchProducts({ text, paging: { limit: 100 } });
const names = async (text: string) => (await search(text)).products.map((product) => product.name).sort();

/** The visible products whose document matches `prefix:*` (and the exact reading), counted straight in SQL. */
async function countedByPrefix(prefix: string): Promise<number> {
  const { rows } = await sql<{ n: string }>`
    SELECT count(*) AS n FROM product_search s
    WHERE s.visible AND s.document @@ (websearch_to_tsquery('vitrine_search', ${prefix}) || to_tsquery('vitrine_search', ${`${prefix}:*`}))`.execute(
    shop.server.database.db,
  );
  return Number(rows[0]?.n);
}

describe('the word being typed, completed to the documents’ lexemes (#22)', () => {
  it('completes a prefix to the stemmed lexemes that start with it', async () => {
    const db = shop.server.database.db;
    expect(await findCompletions(db, 'hoo')).toEqual(['hoodi']);
    expect(await findCompletions(db, 'notebooks')).toEqual(['notebook']);
    expect(await findCompletions(db, 'qxc')).toEqual(['qxc']);
  });

  it('leaves a prefix with more than 16 lexemes, none, or a stop word to the index', async () => {
    const db = shop.server.database.db;
    expect(await findCompletions(db, 'qx')).toEqual([]);
    expect(await findCompletions(db, 'zzzz')).toEqual([]);
    expect(await findCompletions(db, 'the')).toEqual([]);
  });

  it.each(['hoo', 'mu', 'no', 'tee', 'qx', 'qxc', 'co', 'crem', 'brie', 'zzzz'])(
    'finds what the prefix "%s:*" finds, counted another way',
    async (prefix) => {
      const answer = await search(prefix);
      expect(answer.metadata.total).toBe(await countedByPrefix(prefix));
    },
  );

  it('reads lexemes with a hyphen as they are ("tee" completes to "tee-shirt" too)', async () => {
    expect(await findCompletions(shop.server.database.db, 'tee')).toEqual(['tee', 'tee-shirt']);
    expect(await names('organic tee')).toEqual(['Organic tee-shirt']);
    expect(await names('tee-sh')).toEqual(['Organic tee-shirt']);
  });

  it('completes to the words of a product created after the same prefix found nothing', async () => {
    expect(await names('zanzib')).toEqual([]);
    await merchantOf(shop.server).products.createProduct({ name: 'Zanzibar spice tin', priceData: { price: 7 } });
    expect(await names('zanzib')).toEqual(['Zanzibar spice tin']);
    expect(await names('spice zanz')).toEqual(['Zanzibar spice tin']);
  });
});
