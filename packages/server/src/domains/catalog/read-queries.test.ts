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

const day = (d: number) => new Date(Date.UTC(2024, 0, d));

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
  const add = async (name: string, f: Omit<Parameters<typeof insertProduct>[1], 'name'>) => {
    ids[name] = (await insertProduct(db, { name, ...f })).id;
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
const q = () => shopper().products.queryProducts();
const names = (items: Product[]) => items.map((p) => p.name);
const byName = (...list: string[]) => [...list].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));

describe('the queryProducts builder', () => {
  it('finds the products of a collection with eq on collectionIds', async () => {
    const r = await q().eq('collectionIds', kitchen).ascending('name').find();
    expect(names(r.items)).toEqual(['Blue mug', 'Blue plate', 'Red mug']);
  });

  it('keeps products without a brand under ne on brand', async () => {
    const r = await q().ne('brand', 'Acme').ascending('name').find();
    expect(names(r.items)).toEqual(byName('Red mug', 'Garden hose', 'Watering can'));
  });

  it('compares the discounted lowest price with gt, ge, lt and le', async () => {
    const run = async (b: ReturnType<typeof q>) => names((await b.ascending('name').find()).items);
    expect(await run(q().gt('price', 10))).toEqual(byName('Blue plate', 'Garden hose'));
    expect(await run(q().ge('price', 10))).toEqual(byName('Blue mug', 'Blue plate', 'Garden hose', 'Watering can'));
    expect(await run(q().lt('price', 10))).toEqual(['Red mug']);
    expect(await run(q().le('price', 10))).toEqual(byName('Blue mug', 'Red mug', 'Watering can'));
  });

  it('selects ids with in', async () => {
    const r = await q().in('_id', [ids['Blue mug'], ids['Red mug']]).ascending('name').find();
    expect(names(r.items)).toEqual(['Blue mug', 'Red mug']);
  });

  it('matches any of several collections with hasSome', async () => {
    const r = await q().hasSome('collectionIds', [garden]).ascending('name').find();
    expect(names(r.items)).toEqual(byName('Blue plate', 'Garden hose', 'Watering can'));
  });

  it('matches a name prefix with startsWith, ignoring case', async () => {
    const r = await q().startsWith('name', 'blue').ascending('name').find();
    expect(names(r.items)).toEqual(['Blue mug', 'Blue plate']);
  });

  it('combines conditions with and, or and not', async () => {
    const and = await q().startsWith('name', 'blue').and(q().gt('price', 15)).find();
    expect(names(and.items)).toEqual(['Blue plate']);
    const or = await q().eq('brand', 'Acme').or(q().eq('brand', 'Zeta')).ascending('name').find();
    expect(names(or.items)).toEqual(byName('Blue mug', 'Blue plate', 'Red mug', 'Watering can'));
    const not = await q().not(q().eq('brand', 'Acme')).ascending('name').find();
    expect(names(not.items)).toEqual(byName('Red mug', 'Garden hose', 'Watering can'));
  });

  it('sorts ascending and descending', async () => {
    expect(names((await q().eq('brand', 'Acme').descending('price').find()).items)).toEqual(['Blue plate', 'Blue mug']);
    expect(names((await q().eq('brand', 'Acme').ascending('price').find()).items)).toEqual(['Blue mug', 'Blue plate']);
  });

  it('lists the newest products first when no order is given', async () => {
    const r = await q().find();
    expect(names(r.items)).toEqual(['Watering can', 'Garden hose', 'Red mug', 'Blue plate', 'Blue mug']);
  });

  it('filters on dates and stock', async () => {
    const after = await q()
      .gt('createdDate', new Date(Date.UTC(2024, 0, 3, 12)))
      .ascending('name')
      .find();
    expect(names(after.items)).toEqual(byName('Garden hose', 'Watering can'));
    expect(names((await q().eq('inStock', false).find()).items)).toEqual(['Garden hose']);
    expect(names((await q().eq('stock.inventoryStatus', 'OUT_OF_STOCK').find()).items)).toEqual(['Garden hose']);
  });

  it('pages with skip and limit: items, totalCount, hasNext and next()', async () => {
    const first = await q().ascending('name').limit(2).find();
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
    const skipped = await q().ascending('name').skip(4).find();
    expect(names(skipped.items)).toEqual(['Watering can']);
  });

  it('sends a filter longer than a URL allows as a POST and still answers (the long-GET fallback)', async () => {
    const many = Array.from({ length: 120 }, () => crypto.randomUUID());
    requests.length = 0;
    const r = await q()
      .in('_id', [...many, ids['Red mug']])
      .find();
    expect(names(r.items)).toEqual(['Red mug']);
    expect(requests).toContain('POST /stores-reader/v1/products/query-platformized');
  });

  it('hides hidden products from shoppers and shows them to the merchant', async () => {
    const s = await q().eq('collectionIds', kitchen).find();
    const m = await merchant().products.queryProducts().eq('collectionIds', kitchen).find();
    expect(names(s.items)).not.toContain('Hidden lamp');
    expect(names(m.items)).toContain('Hidden lamp');
    expect([s.totalCount, m.totalCount]).toEqual([3, 4]);
  });
});

describe('queryProducts(query), the typed call', () => {
  it('answers products and metadata {count, offset, total}', async () => {
    const r = await shopper().products.queryProducts({
      filter: { name: { $startsWith: 'Blue' } },
      sort: [{ fieldName: 'name' }],
      paging: { limit: 1, offset: 1 },
    });
    expect(r.products?.map((p) => p.name)).toEqual(['Blue plate']);
    expect(r.metadata).toEqual({ count: 1, offset: 1, total: 2 });
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
    expect(everything.products?.map((p: Product) => p.name)).toContain('Hidden lamp');
    expect(shown.products?.map((p: Product) => p.name)).not.toContain('Hidden lamp');
    expect([everything.metadata?.total, shown.metadata?.total]).toEqual([4, 3]);
  });

  it('ignores includeHiddenProducts from a shopper', async () => {
    const r = await shopper().products.queryProducts({ filter: { collectionIds: kitchen } }, { includeHiddenProducts: true });
    expect(r.products?.map((p) => p.name)).not.toContain('Hidden lamp');
    expect(r.metadata?.total).toBe(3);
  });
});

describe('the query-platformized GET', () => {
  const dotR = (payload: unknown) => Buffer.from(JSON.stringify(payload)).toString('base64url');
  const get = (search: string, authorization?: string) =>
    send(`${server.url}/stores-reader/v1/products/query-platformized?${search}`, { headers: authorization ? { authorization } : {} });

  it('gives cost data to a merchant asking with includeMerchantSpecificData in .r', async () => {
    const payload = { query: { filter: { id: ids['Blue mug'] } }, includeMerchantSpecificData: true };
    const m = await get(`.r=${dotR(payload)}`, server.apiKey);
    const s = await get(`.r=${dotR(payload)}`);
    expect(m.body.products[0].costAndProfitData).toMatchObject({ itemCost: 4, profit: 6 });
    expect(s.body.products[0]).not.toHaveProperty('costAndProfitData');
  });

  it('takes plain dotted parameters for a simple query', async () => {
    const r = await get('query.paging.limit=1&query.paging.offset=1&query.sort=[{"fieldName":"name"}]');
    expect([r.status, r.body.products.map((p: Product) => p.name), r.body.metadata]).toEqual([
      200,
      ['Blue plate'],
      { count: 1, offset: 1, total: 5 },
    ]);
  });

  it('answers a .r that is not base64url JSON with a violation naming .r', async () => {
    const r = await get('.r=%%%');
    expect([r.status, r.body.details.validationError.fieldViolations[0].field]).toEqual([400, '.r']);
  });
});
