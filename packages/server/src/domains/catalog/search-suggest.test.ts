import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { merchantOf, type SearchCatalog, shopperSearch, startSearchCatalog } from '../../../test/support/search-catalog.js';

let shop: SearchCatalog;
beforeAll(async () => {
  shop = await startSearchCatalog();
});
afterAll(() => shop?.server.close());

const suggested = async (text: string) => (await shopperSearch(shop.server).suggest(text)).products.map((product) => product.name);
const merchant = () => merchantOf(shop.server).products;

describe('suggestions by the words of product names (#22)', () => {
  it('suggests the visible products with a name word starting with the typed word', async () => {
    expect((await suggested('mu')).sort()).toEqual(['Big blue mug', 'Ceramic mug', 'Mug tree in blue']);
  });

  it('shows a suggested product at its discounted price, with its page', async () => {
    const [big] = (await shopperSearch(shop.server).suggest('big')).products;
    expect([big?.formattedPrice, big?.productPageUrl.path]).toEqual(['$11.00', '/products/big-blue-mug']);
  });

  it('reads a whole word as its stem, as the documents do', async () => {
    expect(await suggested('hoodies ')).toEqual(expect.arrayContaining(['Cotton hoodie', 'Zip hoodie']));
  });

  it('suggests names having several typed words in the order typed, others between them allowed', async () => {
    expect(await suggested('big mu')).toEqual(['Big blue mug']);
    expect(await suggested('big blue ')).toEqual(['Big blue mug']);
    // "Mug tree in blue" has both words, but not in this order: names in the typed order come first.
    expect(await suggested('blue mu')).toEqual(['Big blue mug']);
    // "in" is a stop word, as in the documents.
    expect(await suggested('mug in blu')).toEqual(['Mug tree in blue']);
  });

  it('finds words typed in another order than any name has them in the documents', async () => {
    expect(await suggested('mug bi')).toEqual(['Big blue mug']);
    expect(await suggested('hoodie cot')).toEqual(['Cotton hoodie']);
  });

  it('finds products by their other words when no name has the word (brand)', async () => {
    expect(await suggested('acm')).toEqual(['Ceramic mug']);
  });

  it('suggests a renamed product by its new name, not its old one', async () => {
    const id = (await merchant().createProduct({ name: 'Walnut clipboard', priceData: { price: 14 } })).product?._id as string;
    expect(await suggested('walnu')).toEqual(['Walnut clipboard']);
    await merchant().updateProduct(id, { name: 'Maple clipboard' });
    expect([await suggested('walnu'), await suggested('mapl'), await suggested('maple cl')]).toEqual([
      [],
      ['Maple clipboard'],
      ['Maple clipboard'],
    ]);
  });

  it('stops suggesting a product once it is hidden, and suggests it again once shown', async () => {
    const id = (await merchant().createProduct({ name: 'Quartz paperweight', priceData: { price: 19 } })).product?._id as string;
    await merchant().updateProduct(id, { visible: false });
    const hidden = await suggested('quar');
    await merchant().updateProduct(id, { visible: true });
    expect([hidden, await suggested('quar')]).toEqual([[], ['Quartz paperweight']]);
  });

  it('forgets a deleted product', async () => {
    const id = (await merchant().createProduct({ name: 'Brass bookend', priceData: { price: 27 } })).product?._id as string;
    await merchant().deleteProduct(id);
    expect(await suggested('bras')).toEqual([]);
  });
});
