import { beforeAll, describe, expect, it } from 'vitest';
import { shopperSearch } from '../../../test/support/search-catalog.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { type GenerateResult, generateCatalog } from '../../seed/generate.js';

const server = testServerForFile();
let generated: GenerateResult;
beforeAll(async () => {
  generated = await generateCatalog(server.database.db, { count: 40, collections: 3, currency: 'USD', batchSize: 15 });
});

const search = () => shopperSearch(server);

describe('bulk loads make their products searchable in their own transactions (#22)', () => {
  it('finds a generated product by its SKU', async () => {
    const sku = `GEN-${generated.tag}-17`;
    const { products } = await search().searchProducts({ text: sku, paging: { limit: 1 } });
    expect(products.map((product) => product.sku)).toEqual([sku]);
  });

  it('finds generated products by the name of their collection, as many as the listing filter finds', async () => {
    const { facets } = await search().searchProducts({ facets: { collections: true } });
    const kitchen = facets.collections?.find((collection) => collection.name === 'Kitchen 1');
    const found = await search().searchProducts({ text: 'kitchen', paging: { limit: 1 } });
    expect(kitchen?.count).toBeGreaterThan(0);
    expect(found.metadata.total).toBe(kitchen?.count);
  });
});
