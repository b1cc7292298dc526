import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SearchCatalog, shopperSearch, startSearchCatalog } from '../../../test/support/search-catalog.js';

let shop: SearchCatalog;
beforeAll(async () => {
  shop = await startSearchCatalog();
});
afterAll(() => shop?.server.close());

const names = async (text: string) => (await shopperSearch(shop.server).searchProducts({ text })).products.map((p) => p.name);

describe('ranking', () => {
  it('smoke', async () => {
    for (const t of ['mug', 'mugg', 'hodie', 'notebok', 'creme brulee', '"blue mug"', 'mug -blue', 'hood', 'MUG-001', 'forest green', 'northwind', 'secret', 'staff', 'notebook', 'kitchen']) {
      console.log(t, await names(t));
    }
  });
});
