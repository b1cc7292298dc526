import { sql } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { listenCatalogNotices } from '../../test/support/catalog-notices.js';
import { freshDatabase } from '../../test/support/test-database.js';
import { CatalogReadService } from '../domains/catalog/read-service.js';
import { UNKNOWN_IDENTITY } from '../domains/events/event-identity.js';
import { EventPublisher } from '../domains/events/publisher.js';
import type { DatabaseHandle } from '../platform/db/database.js';
import { IMPORT_EVENTS_MAX, ImportRejected, importCatalog } from './import-catalog.js';
import { rowsFromCsv } from './import-csv.js';
import { rowsFromJson } from './import-json.js';
import { formatRowError } from './import-rows.js';

let database: DatabaseHandle;
let reads: CatalogReadService;
const merchant = { merchant: true };
const config = { catalog: { currency: 'USD' }, publicUrl: 'http://shop.test' };

beforeEach(async () => {
  database = await freshDatabase();
  reads = new CatalogReadService({ db: database.db, publicUrl: config.publicUrl });
});
afterEach(() => database?.close());

const importText = (read: ReturnType<typeof rowsFromCsv>) =>
  importCatalog(
    { db: database.db, events: new EventPublisher(), currency: config.catalog.currency, view: { publicUrl: config.publicUrl } },
    read,
    { identity: UNKNOWN_IDENTITY },
  );

async function bySlug(slug: string) {
  const result = await reads.queryProducts({ query: { filter: { slug } }, includeVariants: true }, merchant);
  return result.products[0];
}

async function count(table: 'products' | 'collections' | 'events'): Promise<number> {
  const result = await database.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(result.n);
}

/** Why an import was refused; fails the test when it was not. */
async function refusal(read: ReturnType<typeof rowsFromCsv>): Promise<ImportRejected> {
  try {
    await importText(read);
  } catch (error) {
    if (error instanceof ImportRejected) return error;
    throw error;
  }
  throw new Error('expected the import to be refused');
}

/** The problems an import refused, as the CLI prints them. */
async function problems(read: ReturnType<typeof rowsFromCsv>): Promise<string[]> {
  return (await refusal(read)).errors.map(formatRowError);
}

const CSV = [
  'handle,name,description,price,sku,brand,ribbon,visible,collections,option1_name,option1_values,option2_name,option2_type,option2_values,image_url',
  'blue-mug,"Blue mug, large","A mug.',
  '',
  'It says ""hello"" on the side.",12.50,MUG-1,Acme,New,true,kitchen;gifts,Size,S;M;L,Color,color,Blue;White,https://img.test/mug.png',
  'poster,Poster,"Plain",20,,,,no,,,,,,,',
].join('\n');

describe('CSV import', () => {
  it('keeps quoted commas, escaped quotes and line breaks of a description', async () => {
    const result = await importText(rowsFromCsv(CSV));
    expect(result).toEqual({ products: 2, variants: 7, collectionsCreated: 2, productEvents: true });
    const mug = await bySlug('blue-mug');
    expect(mug).toMatchObject({
      name: 'Blue mug, large',
      description: 'A mug.\n\nIt says "hello" on the side.',
      sku: 'MUG-1',
      ribbon: 'New',
    });
  });

  it('creates one variant per combination, options as given', async () => {
    await importText(rowsFromCsv(CSV));
    const mug = await bySlug('blue-mug');
    expect(
      mug?.productOptions.map((productOption) => [
        productOption.name,
        productOption.optionType,
        productOption.choices.map((choice) => choice.value),
      ]),
    ).toEqual([
      ['Size', 'drop_down', ['S', 'M', 'L']],
      ['Color', 'color', ['Blue', 'White']],
    ]);
    expect(mug?.variants).toHaveLength(6);
    expect(mug?.priceRange).toEqual({ minValue: 12.5, maxValue: 12.5 });
  });

  it('creates the collections it names, and links the products', async () => {
    await importText(rowsFromCsv(CSV));
    const kitchen = await reads.getCollection({ slug: 'kitchen' }, merchant, 'v2');
    expect(kitchen).toMatchObject({ name: 'Kitchen', numberOfProducts: 1 });
    expect((await bySlug('blue-mug'))?.collectionIds).toHaveLength(2);
  });

  it('stores picture URLs as media and honours visible=no', async () => {
    await importText(rowsFromCsv(CSV));
    expect((await bySlug('blue-mug'))?.media.mainMedia).toMatchObject({ mediaType: 'image', image: { url: 'https://img.test/mug.png' } });
    expect(await bySlug('poster')).toMatchObject({ visible: false });
  });

  it('publishes product.created for each product, and collection events', async () => {
    await importText(rowsFromCsv(CSV));
    const types = await database.db.selectFrom('events').select('type').orderBy('sequence').execute();
    expect(types.map((type) => type.type).sort()).toEqual(
      ['collection.changed', 'collection.changed', 'collection.created', 'collection.created', 'product.created', 'product.created'].sort(),
    );
  });

  it(`publishes no product.created for an import of more than ${IMPORT_EVENTS_MAX} products (a bulk load), collection events still`, async () => {
    const lines = Array.from({ length: IMPORT_EVENTS_MAX + 1 }, (_, i) => `Bulk item ${i + 1},${(i % 90) + 1},bulk`);
    const result = await importText(rowsFromCsv(`name,price,collections\n${lines.join('\n')}\n`));
    expect(result).toMatchObject({ products: IMPORT_EVENTS_MAX + 1, productEvents: false });
    expect(await count('products')).toBe(IMPORT_EVENTS_MAX + 1);
    const types = await database.db.selectFrom('events').select('type').orderBy('sequence').execute();
    expect(types.map((type) => type.type)).toEqual(['collection.created', 'collection.changed']);
  });

  it('tells running servers’ caches when it commits (catalog:*) and leaves the tables analyzed', async () => {
    const notices = await listenCatalogNotices(database);
    try {
      await importText(rowsFromCsv(CSV));
      expect(await notices.heard((channel) => channel === 'catalog:*')).toBe(1);
    } finally {
      await notices.stop();
    }
    const result = await sql<{ reltuples: number }>`SELECT reltuples::float8 AS reltuples FROM pg_class WHERE relname = 'products'`.execute(
      database.db,
    );
    expect(Number(result.rows[0]?.reltuples)).toBe(2);
  });

  it('tells nobody when it refuses the file', async () => {
    const notices = await listenCatalogNotices(database);
    try {
      await refusal(rowsFromCsv('name,price\nMug,ten\n'));
      await importText(rowsFromCsv('name,price\nMug,5\n'));
      // The notice of the second import arrives; none came before it for the refused one.
      expect(await notices.heard((channel) => channel === 'catalog:*')).toBe(1);
      expect(notices.payloads.filter((payload) => payload === 'catalog:*')).toHaveLength(1);
    } finally {
      await notices.stop();
    }
  });

  it('uses an existing collection of the same slug instead of creating one', async () => {
    await importText(rowsFromCsv('name,price,collections\nMug,5,kitchen\n'));
    const result = await importText(rowsFromCsv('name,price,collections\nPlate,7,kitchen\n'));
    expect(result.collectionsCreated).toBe(0);
    expect(await count('collections')).toBe(1);
  });

  it('makes slugs from names, with a free suffix when taken', async () => {
    await importText(rowsFromCsv('name,price\nRed Mug,5\n'));
    await importText(rowsFromCsv('name,price\nRed Mug,6\nRed Mug,7\n'));
    const { products } = await reads.queryProducts({ query: { sort: [{ fieldName: 'slug', order: 'ASC' }] } }, merchant);
    expect(products.map((product) => product.slug)).toEqual(['red-mug', 'red-mug-2', 'red-mug-3']);
  });

  it('tracks inventory when a quantity is given', async () => {
    await importText(rowsFromCsv('handle,name,price,quantity\nsold-out,Sold out,5,0\nplenty,Plenty,5,40\n'));
    expect((await bySlug('sold-out'))?.stock).toMatchObject({ trackInventory: true, quantity: 0, inventoryStatus: 'OUT_OF_STOCK' });
    expect((await bySlug('plenty'))?.stock).toMatchObject({ trackInventory: true, quantity: 40, inventoryStatus: 'IN_STOCK' });
  });
});

describe('a refused import', () => {
  const broken = [
    'handle,name,price,collections',
    'mug,Mug,10,kitchen',
    'plate,Plate,12,kitchen',
    'bowl,Bowl,-3,kitchen',
    'cup,Cup,4,kitchen',
  ].join('\n');

  it('reports the broken row as line N: field: message', async () => {
    expect(await problems(rowsFromCsv(broken))).toEqual(['line 4: price: must be a number ≥ 0']);
  });

  it('imports nothing, not even the collections', async () => {
    await refusal(rowsFromCsv(broken));
    expect([await count('products'), await count('collections'), await count('events')]).toEqual([0, 0, 0]);
  });

  it('reports every problem at once, in line order, counting lines inside quoted fields', async () => {
    const csv = ['name,price,discount_type,discount_value,visible', '"Two', 'lines",1.999,,,true', ',3,,,', 'Tee,10,AMOUNT,12,maybe'].join(
      '\n',
    );
    expect(await problems(rowsFromCsv(csv))).toEqual([
      'line 2: price: must have at most 2 decimals (USD)',
      'line 4: name: is required',
      'line 5: visible: must be true or false',
    ]);
  });

  it('checks the rules of the write API (discount within the price, lengths, option limits)', async () => {
    const long = 'x'.repeat(81);
    const csv = [
      'name,price,discount_type,discount_value,option1_name,option1_values',
      'Tee,10,AMOUNT,12,,',
      `${long},5,,,,`,
      'Cap,5,,,Size,S;s',
    ].join('\n');
    expect(await problems(rowsFromCsv(csv))).toEqual([
      'line 2: discount_value: must not exceed the price',
      'line 3: name: must be at most 80 characters',
      'line 4: option1_values: must be unique among the choices of the option',
    ]);
  });

  it('refuses a handle repeated in the file or taken in the shop', async () => {
    await importText(rowsFromCsv('handle,name,price\nmug,Mug,5\n'));
    const csv = 'handle,name,price\nmug,Mug again,5\nplate,Plate,6\nplate,Plate too,7\n';
    expect(await problems(rowsFromCsv(csv))).toEqual([
      'line 2: handle: is taken by a product already in the shop',
      'line 4: handle: repeats the handle of line 3',
    ]);
  });

  it.each([
    ['an unknown column', 'name,price,colour\nMug,5,blue\n', 'line 1: colour: is not a known column (see vitrine import --help)'],
    ['a missing price column', 'name\nMug\n', 'line 1: price: the column is required'],
    ['a row with too many fields', 'name,price\nMug,5,extra\n', 'line 2: has 3 fields; the header has 2'],
    ['an unterminated quote', 'name,price\n"Mug,5\n', 'line 2: a quoted field has no closing quote'],
    [
      'a collection that is not a slug',
      'name,price,collections\nMug,5,Summer Sale\n',
      "line 2: collections: 'Summer Sale' is not a slug (lower-case letters and digits separated by dashes)",
    ],
    ['a picture that is not a URL', 'name,price,image_url\nMug,5,mug.png\n', "line 2: image_url: 'mug.png' is not an http(s) URL"],
    ['another currency', 'name,price,currency\nMug,5,EUR\n', 'line 2: currency: must be the shop currency USD'],
  ])('refuses %s', async (_name, csv, message) => {
    expect(await problems(rowsFromCsv(csv))).toEqual([message]);
  });
});

describe('JSON import', () => {
  const json = `[
  {
    "name": "Linen apron",
    "slug": "linen-apron",
    "priceData": { "price": 35 },
    "discount": { "type": "PERCENT", "value": 10 },
    "productOptions": [{ "name": "Color", "optionType": "color", "choices": [{ "value": "Sand" }, { "value": "Olive" }] }],
    "additionalInfoSections": [{ "title": "Care", "description": "Wash cold." }],
    "collections": ["kitchen"],
    "media": { "items": [{ "image": { "url": "https://img.test/apron.png" } }] }
  },
  { "name": "Tea towel", "priceData": { "price": 9 }, "id": "ignored", "priceRange": { "minValue": 1, "maxValue": 2 } }
]`;

  it('imports wire-like products with their options, discount, sections, collections and pictures', async () => {
    expect(await importText(rowsFromJson(json))).toEqual({ products: 2, variants: 3, collectionsCreated: 1, productEvents: true });
    const apron = await bySlug('linen-apron');
    expect(apron).toMatchObject({
      priceData: { price: 35, discountedPrice: 31.5 },
      priceRange: { minValue: 31.5, maxValue: 31.5 },
      additionalInfoSections: [{ title: 'Care', description: 'Wash cold.' }],
      media: { items: [{ image: { url: 'https://img.test/apron.png' } }] },
    });
    expect(apron?.variants.map((variant) => variant.choices)).toEqual([{ Color: 'Sand' }, { Color: 'Olive' }]);
  });

  it('ignores the fields the server computes', async () => {
    await importText(rowsFromJson(json));
    const towel = await bySlug('tea-towel');
    expect(towel?.id).not.toBe('ignored');
    expect(towel?.priceRange).toEqual({ minValue: 9, maxValue: 9 });
  });

  it('names the line a broken product starts on and the field path', async () => {
    const broken =
      '[\n  { "name": "Ok", "priceData": { "price": 1 } },\n  {\n    "name": "Bad",\n    "priceData": { "price": "ten" },\n    "colour": "red"\n  }\n]';
    expect(await problems(rowsFromJson(broken))).toEqual([
      'line 3: priceData.price: must be a number',
      'line 3: colour: is not a known field',
    ]);
    expect(await count('products')).toBe(0);
  });

  it.each([
    ['text that is not JSON', '[{"name": "Mug",}]', /^line 1: not valid JSON/],
    ['an object instead of an array', '{"name": "Mug"}', /^line 1: must be a JSON array of products$/],
    ['a product that is not an object', '[\n"Mug"\n]', /^line 2: product 1 must be an object$/],
  ])('refuses %s', async (_name, text, message) => {
    const list = await problems(rowsFromJson(text));
    expect(list).toHaveLength(1);
    expect(list[0]).toMatch(message);
  });
});

describe('rich text in an imported file (#18)', () => {
  const hostile =
    '<p onclick="alert(1)">Mug<img src=x onerror=alert(1)><script>alert(2)</script></p><a href="javascript:alert(3)">care</a>';
  const stored = '<p>Mug</p>care';

  it('stores a CSV description without scripts, event handlers or javascript: links', async () => {
    const csv = ['handle,name,description,price', `mug,Mug,"${hostile.replaceAll('"', '""')}",10`].join('\n');
    await importText(rowsFromCsv(csv));
    expect((await bySlug('mug'))?.description).toBe(stored);
  });

  it('stores a JSON description and sections without them', async () => {
    const product = {
      name: 'Mug',
      priceData: { price: 10 },
      description: hostile,
      additionalInfoSections: [{ title: 'Care', description: hostile }],
    };
    await importText(rowsFromJson(JSON.stringify([product])));
    expect(await bySlug('mug')).toMatchObject({ description: stored, additionalInfoSections: [{ title: 'Care', description: stored }] });
  });
});
