import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantOf, type SearchCatalog, shopperSearch, startSearchCatalog } from '../../../test/support/search-catalog.js';

let shop: SearchCatalog;
beforeAll(async () => {
  shop = await startSearchCatalog();
});
afterAll(() => shop?.server.close());

const find = (text: string, extra = {}) => shopperSearch(shop.server).searchProducts({ text, ...extra });
const names = async (text: string) => (await find(text)).products.map((product) => product.name);
const merchant = () => merchantOf(shop.server).products;

describe('product search finds what a shopper types (#22)', () => {
  it.each([
    ['a typo of a name', 'mugg', 'Ceramic mug'],
    ['a typo with a missing letter', 'hodie', /hoodie$/],
    ['another typo', 'notebok', 'Dotted notebook'],
    ['words without their accents', 'creme brulee', 'Crème brûlée bowl'],
    ['a plural', 'hoodies', /hoodie$/],
    ['a SKU', 'MUG-001', 'Ceramic mug'],
    ['an option choice', 'forest green', 'Ceramic mug'],
    ['a brand', 'northwind', 'Cotton hoodie'],
    ['a prefix being typed', 'noteb', 'Dotted notebook'],
    ['a word of the description', 'coffee', 'Ceramic mug'],
  ])('finds %s ("%s") first', async (_, text, first) => {
    expect((await names(text))[0]).toMatch(first);
  });

  it('ranks a name match above a description match', async () => {
    expect(await names('notebook')).toEqual(['Dotted notebook', 'Fountain pen']);
  });

  it('finds a product by the name of its collection', async () => {
    expect(await names('stationery')).toEqual(expect.arrayContaining(['Dotted notebook', 'Fountain pen']));
  });

  it('keeps a quoted phrase in order', async () => {
    expect(await names('"blue mug"')).toEqual(['Big blue mug']);
    expect(await names('blue mug')).toEqual(expect.arrayContaining(['Big blue mug', 'Mug tree in blue']));
  });

  it('leaves out -words', async () => {
    expect(await names('mug -blue')).toEqual(['Ceramic mug']);
  });

  it('never finds a hidden product, nor a product by a hidden collection', async () => {
    expect(await names('secret')).toEqual([]);
    expect(await names('staff picks')).toEqual([]);
  });

  it('orders equally relevant products by id, so pages follow each other without gaps or repeats', async () => {
    const all = await find('kitchen', { paging: { limit: 100 } });
    const seen: string[] = [];
    let cursor: string | undefined;
    do {
      const page = await find('kitchen', { paging: { limit: 1, ...(cursor ? { cursor } : {}) } });
      seen.push(...page.products.map((product) => product._id as string));
      cursor = page.metadata.nextCursor;
    } while (cursor);
    expect(seen).toEqual(all.products.map((product) => product._id));
    expect(all.metadata.total).toBe(4);
  });

  it('sorts by a product sort when asked, instead of relevance', async () => {
    const result = await find('mug', { query: { sort: [{ fieldName: 'price', order: 'DESC' }] } });
    expect(result.products.map((product) => product.name)).toEqual(['Mug tree in blue', 'Ceramic mug', 'Big blue mug']);
  });

  it('applies the queryProducts filter language', async () => {
    const result = await find('mug', { query: { filter: { price: { $lt: 13 } } } });
    expect(result.products.map((product) => product.name)).toEqual(['Ceramic mug', 'Big blue mug']);
  });
});

describe('search documents follow the catalogue writes (#22)', () => {
  it('finds a renamed product by its new name only', async () => {
    const id = shop.productIds['Fountain pen'] as string;
    await merchant().updateProduct(id, { name: 'Calligraphy quill' });
    expect(await names('calligraphy')).toEqual(['Calligraphy quill']);
    expect(await names('fountain')).toEqual([]);
  });

  it('finds a product by a collection it was added to, and not once removed', async () => {
    const id = shop.productIds['Zip hoodie'] as string;
    const kitchen = shop.collectionIds.Kitchen as string;
    await merchant().addProductsToCollection(kitchen, [id]);
    expect(await names('kitchen')).toContain('Zip hoodie');
    await merchant().removeProductsFromCollection(kitchen, [id]);
    expect(await names('kitchen')).not.toContain('Zip hoodie');
  });

  it('finds products by the new name of their collection', async () => {
    await merchant().updateCollection(shop.collectionIds.Apparel as string, { name: 'Clothing' });
    expect(await names('clothing')).toEqual(expect.arrayContaining(['Cotton hoodie', 'Zip hoodie']));
  });

  it('finds a product by a variant SKU set later', async () => {
    const id = shop.productIds['Dotted notebook'] as string;
    await merchant().updateProductVariants(id, [{ choices: {}, sku: 'NB-A5-77' }]);
    expect((await names('NB-A5-77'))[0]).toBe('Dotted notebook');
  });
});
