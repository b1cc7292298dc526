/**
 * `listShownProducts` reads a search page's products, their variants and collection ids in one
 * statement, the variants through JSON: they must be exactly what the three separate reads answer
 * (decimals as the driver's exact text, display order, only what a shopper may see).
 */
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { merchantOf } from '../../../test/support/search-catalog.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { listCollectionIdsOf, listProductsByIds, listShownProducts, listVariantsOf, selectShownProducts } from './read-store.js';

const server = testServerForFile();

/** A sized product with fractional overrides on two variants (one of them hidden), in three collections, one hidden. */
async function catalogue() {
  const merchant = merchantOf(server).products;
  const collection = async (name: string, visible: boolean) =>
    (await merchant.createCollection({ name, visible })).collection?._id as string;
  const [first, hidden, last] = [await collection('First', true), await collection('Hidden', false), await collection('Last', true)];
  const create = async (name: string, extra: object = {}) =>
    (
      await merchant.createProduct({
        name,
        priceData: { price: 10 },
        costAndProfitData: { itemCost: 4 },
        weight: 1,
        productOptions: [{ name: 'Size', choices: [{ value: 'S' }, { value: 'M' }, { value: 'L' }] }],
        ...extra,
      })
    ).product?._id as string;
  const sized = await create('Shown sized tee');
  await merchant.updateProductVariants(sized, [
    { choices: { Size: 'M' }, price: 14.5, cost: 6.25, weight: 1.125, sku: 'TEE-M' },
    { choices: { Size: 'L' }, price: 99.99, visible: false },
  ]);
  // Added last to the first collection: collection ids keep the order the product was added.
  for (const collectionId of [last, hidden, first]) await merchant.addProductsToCollection(collectionId, [sized]);
  const plain = await create('Shown plain tee', { productOptions: [] });
  const secret = await create('Secret tee', { visible: false });
  await merchant.addProductsToCollection(first, [secret]);
  return { sized, plain, secret, collections: { first, last } };
}

describe('listShownProducts', () => {
  it('answers visible products with what the separate reads answer for a shopper', async () => {
    const { sized, plain, secret, collections } = await catalogue();
    const db = server.database.db;
    const ids = [secret, plain, sized];
    const shown = await listShownProducts(db, ids);

    expect([...shown.keys()].sort()).toEqual([plain, sized].sort());
    const [rows, variants, collectionIds] = await Promise.all([
      listProductsByIds(db, ids),
      listVariantsOf(db, ids, { visibleOnly: true }),
      listCollectionIdsOf(db, ids, { visibleOnly: true }),
    ]);
    for (const id of [plain, sized]) {
      expect(shown.get(id)).toEqual({ row: rows.get(id), variants: variants.get(id), collectionIds: collectionIds.get(id) });
    }
    const tee = shown.get(sized);
    expect(tee?.collectionIds).toEqual([collections.last, collections.first]);
    expect(tee?.variants.map((variant) => variant.choices.Size)).toEqual(['S', 'M']);
    expect(tee?.variants[1]).toMatchObject({ price: '14.5000', cost: '6.2500', weight: '1.1250', sku: 'TEE-M' });
    expect(shown.get(plain)?.collectionIds).toEqual([]);
  });

  it('answers a page of a listing as it answers the same products by id', async () => {
    const db = server.database.db;
    const page = await selectShownProducts(db, sql`p.visible AND p.name LIKE 'Shown %'`, [{ expr: sql`p.name`, direction: 'desc' }], {
      limit: 10,
      offset: 0,
    });
    expect(page.map((product) => product.row.name)).toEqual(['Shown sized tee', 'Shown plain tee']);
    const byId = await listShownProducts(
      db,
      page.map((product) => product.row.id),
    );
    expect(page).toEqual(page.map((product) => byId.get(product.row.id)));
  });

  it('answers nothing for no ids', async () => {
    expect((await listShownProducts(server.database.db, [])).size).toBe(0);
  });
});

describe("a shopper's product query", () => {
  it('answers each product as its own page does, variants included', async () => {
    const { services } = server;
    const shopper = { merchant: false };
    const { products } = await services.catalogReads.queryProducts(
      { query: { filter: { name: { $startsWith: 'Shown' } } }, includeVariants: true },
      shopper,
    );
    expect(products.map((product) => product.name).sort()).toEqual(['Shown plain tee', 'Shown sized tee']);
    for (const product of products) expect(product).toEqual(await services.catalogReads.getProduct(product.id, shopper));
    expect(products.find((product) => product.name === 'Shown sized tee')?.variants).toHaveLength(2);
  });
});

describe('a search page', () => {
  it('holds the products as queryProducts answers them to a shopper', async () => {
    const { services } = server;
    const found = await services.catalogSearch.search({ text: 'shown tee' });
    expect(found.products.map((product) => product.name).sort()).toEqual(['Shown plain tee', 'Shown sized tee']);
    const listed = await services.catalogReads.queryProducts(
      { query: { filter: { id: { $in: found.products.map((product) => product.id) } } } },
      { merchant: false },
    );
    const byId = new Map(listed.products.map((product) => [product.id, product]));
    expect(found.products).toEqual(found.products.map((product) => byId.get(product.id)));
  });
});
