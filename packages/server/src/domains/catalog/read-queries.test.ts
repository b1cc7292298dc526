import { ApiKeyStrategy, createClient, OAuthStrategy, type Product } from '@vitrine/sdk';
import { products } from '@vitrine/sdk/stores';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollection, insertProduct } from '../../../test/support/catalog-fixtures.js';
import { send } from '../../../test/support/http.js';
import { startTestServer, TEST_CLIENT_ID, type TestServer } from '../../../test/support/test-server.js';

let server: TestServer;
const requests: string[] = [];
/** product name → id */
const ids: Record<string, string> = {};
let kitchen: string;
let garden: string;

const day = (dayOfMonth: number) => new Date(Date.UTC(2024, 0, dayOfMonth));

beforeAll(async () => {
  server = await startTestServer(
    {},
    {
      beforeListen: (app) => {
        app.addHook('onRequest', async (req) => {
          requests.push(`${req.method} ${req.url.split('?')[0]}`);
        });
      },
    },
  );
  const db = server.database.db;
  kitchen = (await insertCollection(db, { name: 'Kitchen' })).id;
  garden = (await insertCollection(db, { name: 'Garden' })).id;
  const add = async (name: string, fields: Omit<Parameters<typeof insertProduct>[1], 'name'>) => {
    ids[name] = (await insertProduct(db, { name, ...fields })).id;
  };
  await add('Blue mug', { price: 10, cost: 4, brand: 'Acme', collectionIds: [kitchen], createdDate: day(1) });
  await add('Blue plate', { price: 20, brand: 'Acme', collectionIds: [kitchen, garden], createdDate: day(2) });
  await add('Red mug', { price: 5, brand: 'Zeta', collectionIds: [kitchen], createdDate: day(3) });
  await add('Garden hose', { price: 30, inStock: false, collectionIds: [garden], createdDate: day(4) });
  await add('Watering can', {
    price: 15,
    discount: { type: 'AMOUNT', value: 5 },
    brand: 'Zeta',
    collectionIds: [garden],
    createdDate: day(5),
  });
  await add('Hidden lamp', { price: 12, visible: false, collectionIds: [kitchen], createdDate: day(6) });
});
afterAll(() => server?.close());

const shopper = () => createClient({ host: server.url, modules: { products }, auth: OAuthStrategy({ clientId: TEST_CLIENT_ID }) });
const merchant = () => createClient({ host: server.url, modules: { products }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
const query = () => shopper().products.queryProducts();
const names = (items: Product[]) => items.map((product) => product.name);
const byName = (...list: string[]) => [...list].sort((left, right) => (left.toLowerCase() < right.toLowerCase() ? -1 : 1));

describe('the queryProducts builder', () => {
  it('finds the products of a collection with eq on collectionIds', async () => {
    const result = await query().eq('collectionIds', kitchen).ascending('name').find();
    expect(names(result.items)).toEqual(['Blue mug', 'Blue plate', 'Red mug']);
  });

  it('keeps products without a brand under ne on brand', async () => {
    const result = await query().ne('brand', 'Acme').ascending('name').find();
    expect(names(result.items)).toEqual(byName('Red mug', 'Garden hose', 'Watering can'));
  });

  it('compares the discounted lowest price with gt, ge, lt and le', async () => {
    const run = async (built: ReturnType<typeof query>) => names((await built.ascending('name').find()).items);
    expect(await run(query().gt('price', 10))).toEqual(byName('Blue plate', 'Garden hose'));
    expect(await run(query().ge('price', 10))).toEqual(byName('Blue mug', 'Blue plate', 'Garden hose', 'Watering can'));
    expect(await run(query().lt('price', 10))).toEqual(['Red mug']);
    expect(await run(query().le('price', 10))).toEqual(byName('Blue mug', 'Red mug', 'Watering can'));
  });

  it('selects ids with in', async () => {
    const result = await query().in('_id', [ids['Blue mug'], ids['Red mug']]).ascending('name').find();
    expect(names(result.items)).toEqual(['Blue mug', 'Red mug']);
  });

  it('matches any of several collections with hasSome', async () => {
    const result = await query().hasSome('collectionIds', [garden]).ascending('name').find();
    expect(names(result.items)).toEqual(byName('Blue plate', 'Garden hose', 'Watering can'));
  });

  it('matches a name prefix with startsWith, ignoring case', async () => {
    const result = await query().startsWith('name', 'blue').ascending('name').find();
    expect(names(result.items)).toEqual(['Blue mug', 'Blue plate']);
  });

  it('combines conditions with and, or and not', async () => {
    const and = await query().startsWith('name', 'blue').and(query().gt('price', 15)).find();
    expect(names(and.items)).toEqual(['Blue plate']);
    const result = await query().eq('brand', 'Acme').or(query().eq('brand', 'Zeta')).ascending('name').find();
    expect(names(result.items)).toEqual(byName('Blue mug', 'Blue plate', 'Red mug', 'Watering can'));
    const not = await query().not(query().eq('brand', 'Acme')).ascending('name').find();
    expect(names(not.items)).toEqual(byName('Red mug', 'Garden hose', 'Watering can'));
  });

  it('sorts ascending and descending', async () => {
    expect(names((await query().eq('brand', 'Acme').descending('price').find()).items)).toEqual(['Blue plate', 'Blue mug']);
    expect(names((await query().eq('brand', 'Acme').ascending('price').find()).items)).toEqual(['Blue mug', 'Blue plate']);
  });

  it('lists the newest products first when no order is given', async () => {
    const result = await query().find();
    expect(names(result.items)).toEqual(['Watering can', 'Garden hose', 'Red mug', 'Blue plate', 'Blue mug']);
  });

  it('filters on dates and stock', async () => {
    const after = await query()
      .gt('createdDate', new Date(Date.UTC(2024, 0, 3, 12)))
      .ascending('name')
      .find();
    expect(names(after.items)).toEqual(byName('Garden hose', 'Watering can'));
    expect(names((await query().eq('inStock', false).find()).items)).toEqual(['Garden hose']);
    expect(names((await query().eq('stock.inventoryStatus', 'OUT_OF_STOCK').find()).items)).toEqual(['Garden hose']);
  });

  it('pages with skip and limit: items, totalCount, hasNext and next()', async () => {
    const first = await query().ascending('name').limit(2).find();
    expect([names(first.items), first.totalCount, first.pageSize, first.currentPage, first.totalPages]).toEqual([
      ['Blue mug', 'Blue plate'],
      5,
      2,
      0,
      3,
    ]);
    expect(first.hasNext()).toBe(true);
    const second = await first.next();
    expect([names(second.items), second.currentPage]).toEqual([['Garden hose', 'Red mug'], 1]);
    const third = await second.next();
    expect([names(third.items), third.hasNext()]).toEqual([['Watering can'], false]);
    const skipped = await query().ascending('name').skip(4).find();
    expect(names(skipped.items)).toEqual(['Watering can']);
  });

  it('sends a filter longer than a URL allows as a POST and still answers (the long-GET fallback)', async () => {
    const many = Array.from({ length: 120 }, () => crypto.randomUUID());
    requests.length = 0;
    const result = await query()
      .in('_id', [...many, ids['Red mug']])
      .find();
    expect(names(result.items)).toEqual(['Red mug']);
    expect(requests).toContain('POST /stores-reader/v1/products/query-platformized');
  });

  it('hides hidden products from shoppers and shows them to the merchant', async () => {
    const result = await query().eq('collectionIds', kitchen).find();
    const asMerchant = await merchant().products.queryProducts().eq('collectionIds', kitchen).find();
    expect(names(result.items)).not.toContain('Hidden lamp');
    expect(names(asMerchant.items)).toContain('Hidden lamp');
    expect([result.totalCount, asMerchant.totalCount]).toEqual([3, 4]);
  });
});

describe('queryProducts(query), the typed call', () => {
  it('answers products and metadata {count, offset, total}', async () => {
    const result = await shopper().products.queryProducts({
      filter: { name: { $startsWith: 'Blue' } },
      sort: [{ fieldName: 'name' }],
      paging: { limit: 1, offset: 1 },
    });
    expect(result.products?.map((product) => product.name)).toEqual(['Blue plate']);
    expect(result.metadata).toEqual({ count: 1, offset: 1, total: 2 });
  });

  it('gives products their variants only with includeVariants (choices still say what is in stock)', async () => {
    const query = { filter: { id: ids['Blue mug'] } };
    const plain = await shopper().products.queryProducts(query);
    const full = await shopper().products.queryProducts(query, { includeVariants: true });
    expect(plain.products?.[0]).not.toHaveProperty('variants');
    expect(plain.products?.[0]?.stock).toMatchObject({ inStock: true });
    expect(full.products?.[0]?.variants).toHaveLength(1);
    expect(full.products?.[0]?.variants?.[0]).toMatchObject({ stock: { inStock: true } });
  });

  it('leaves hidden products out for a merchant sending includeHiddenProducts: false', async () => {
    const query = { filter: { collectionIds: kitchen } };
    const everything = await merchant().products.queryProducts(query, { includeHiddenProducts: true });
    const shown = await merchant().products.queryProducts(query, { includeHiddenProducts: false });
    expect(everything.products?.map((product: Product) => product.name)).toContain('Hidden lamp');
    expect(shown.products?.map((product: Product) => product.name)).not.toContain('Hidden lamp');
    expect([everything.metadata?.total, shown.metadata?.total]).toEqual([4, 3]);
  });

  it('ignores includeHiddenProducts from a shopper', async () => {
    const result = await shopper().products.queryProducts({ filter: { collectionIds: kitchen } }, { includeHiddenProducts: true });
    expect(result.products?.map((product) => product.name)).not.toContain('Hidden lamp');
    expect(result.metadata?.total).toBe(3);
  });
});

describe('the query-platformized GET', () => {
  const dotR = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
  const get = (search: string, authorization?: string) =>
    send(`${server.url}/stores-reader/v1/products/query-platformized?${search}`, { headers: authorization ? { authorization } : {} });

  it('gives cost data to a merchant asking with includeMerchantSpecificData in .r', async () => {
    const payload = { query: { filter: { id: ids['Blue mug'] } }, includeMerchantSpecificData: true };
    const response = await get(`.r=${dotR(payload)}`, server.apiKey);
    const asShopper = await get(`.r=${dotR(payload)}`);
    expect(response.body.products[0].costAndProfitData).toMatchObject({ itemCost: 4, profit: 6 });
    expect(asShopper.body.products[0]).not.toHaveProperty('costAndProfitData');
  });

  it('takes plain dotted parameters for a simple query', async () => {
    const response = await get('query.paging.limit=1&query.paging.offset=1&query.sort=[{"fieldName":"name"}]');
    expect([response.status, response.body.products.map((product: Product) => product.name), response.body.metadata]).toEqual([
      200,
      ['Blue plate'],
      { count: 1, offset: 1, total: 5 },
    ]);
  });

  it('answers a .r that is not base64url JSON with a violation naming .r', async () => {
    const response = await get('.r=%%%');
    expect([response.status, response.body.details.validationError.fieldViolations[0].field]).toEqual([400, '.r']);
  });
});
