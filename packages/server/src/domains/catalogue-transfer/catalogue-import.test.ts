/**
 * The catalogue import route (#24) with real files: Shopify and Wix Stores product CSVs written from
 * the columns those platforms document, pictures fetched from a loopback server (allowed by
 * IMPORT_FETCH_PRIVATE_ADDRESSES), and bad files refused with their lines, changing nothing.
 */
import { readdir } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { send, visitorTokens } from '../../../test/support/http.js';
import { pngImage } from '../../../test/support/images.js';
import { csvLine, SHOPIFY_CURRENT_HEADER, SHOPIFY_HEADER, WIX_HEADER } from '../../../test/support/import-files.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';
import { UNKNOWN_IDENTITY } from '../events/event-identity.js';

const server = testServerForFile({ IMPORT_FETCH_PRIVATE_ADDRESSES: 'true' });
let pictures: Server;
let picturesUrl: string;

beforeAll(async () => {
  pictures = createServer(async (req, res) => {
    // Fetching this picture makes the handle its import names taken: the import's write then fails.
    if (req.url?.startsWith('/race-'))
      await server.services.catalogWrites.createProduct({ name: 'Race tee', slug: 'race-tee' }, UNKNOWN_IDENTITY);
    if (req.url?.startsWith('/tee-') || req.url?.startsWith('/race-'))
      res.writeHead(200, { 'content-type': 'image/png' }).end(pngImage(4, 3));
    else if (req.url?.endsWith('.html')) res.writeHead(200, { 'content-type': 'text/html' }).end('<p>not a picture</p>');
    else res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => pictures.listen(0, '127.0.0.1', resolve));
  picturesUrl = `http://127.0.0.1:${(pictures.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((resolve) => pictures?.close(resolve));
});

const importFile = (body: string | Uint8Array<ArrayBuffer>, query: string, options: { type?: string; token?: string } = {}) =>
  send(`${server.url}/_api/vitrine/v1/catalogue/import?${query}`, {
    method: 'POST',
    headers: { authorization: options.token ?? server.apiKey, 'content-type': options.type ?? 'text/csv' },
    body,
  });

const productCount = async () => {
  const response = await server.database.db
    .selectFrom('products')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(response.n);
};

async function product(slug: string) {
  const row = await server.database.db.selectFrom('products').selectAll().where('slug', '=', slug).executeTakeFirstOrThrow();
  const variants = await server.database.db
    .selectFrom('product_variants')
    .select(['choices', 'sku', 'price', 'quantity'])
    .where('product_id', '=', row.id)
    .orderBy('position')
    .execute();
  return { ...row, variants };
}

describe('a Shopify product CSV', () => {
  const file = () =>
    [
      SHOPIFY_HEADER,
      `shop-tee,Shop tee,"<p>Soft <script>alert(1)</script>cotton</p>",Acme,Apparel,Shirts,"cotton, summer",TRUE,Size,S,Color,Blue,,,TEE-S-BLUE,200,shopify,5,deny,manual,20.00,25.00,TRUE,TRUE,,${picturesUrl}/tee-front.png,1,Front,FALSE,,,,kg,8.00,active`,
      `shop-tee,,,,,,,,,M,,Blue,,,TEE-M-BLUE,210,shopify,-2,deny,manual,22.00,27.00,TRUE,TRUE,,${picturesUrl}/tee-back.png,2,,,,,,kg,,`,
      `shop-tee,,,,,,,,,,,,,,,,,,,,,,,,,${picturesUrl}/missing.png,3,,,,,,,,`,
      `gift-card,Gift card,,Acme,,,,FALSE,Title,Default Title,,,,,GIFT,0,,,deny,manual,10.00,,FALSE,FALSE,,,,,TRUE,,,,kg,,draft`,
    ].join('\n');

  it('previews what it would import, detecting the format, writing nothing', async () => {
    const answer = await importFile(file(), 'mode=preview');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      format: 'shopify',
      products: 2,
      variants: 3,
      collectionsToCreate: ['shirts'],
      pictures: 3,
      imported: false,
    });
    expect(await productCount()).toBe(0);
  });

  it('imports products, variants, prices, stock and sanitised HTML, fetching pictures and reporting those it cannot', async () => {
    const answer = await importFile(file(), 'format=shopify&mode=import');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ format: 'shopify', products: 2, variants: 3, imported: true });
    // a picture is reported on its own line (#24)
    expect(answer.body.pictureProblems).toEqual([{ line: 4, url: `${picturesUrl}/missing.png`, reason: 'HTTP 404' }]);
    const tee = await product('shop-tee');
    expect(tee).toMatchObject({ name: 'Shop tee', brand: 'Acme', description: '<p>Soft cotton</p>', visible: true, track_inventory: true });
    expect(tee.price).toMatch(/^25(\.0+)?$/);
    expect(tee.discount_type).toBe('AMOUNT');
    expect(tee.variants.map((variant) => [variant.choices, variant.sku, variant.quantity])).toEqual([
      [{ Size: 'S', Color: 'Blue' }, 'TEE-S-BLUE', 5],
      [{ Size: 'M', Color: 'Blue' }, 'TEE-M-BLUE', 0],
    ]);
    const media = tee.media as { image: { url: string; width: number; altText?: string } }[];
    expect(media).toHaveLength(2);
    expect(media.map((item) => item.image.altText)).toEqual(['Front', undefined]);
    expect(media[0]?.image.url.startsWith(`${server.url}/media/`)).toBe(true);
    expect(media[0]?.image.width).toBe(4);
    const picture = await send(media[0]?.image.url as string);
    expect(picture.headers.get('content-type')).toBe('image/png');
    expect(await product('gift-card')).toMatchObject({ visible: false, sku: 'GIFT' });
  });
});

const inventoryHistory = (productId: string) =>
  server.database.db
    .selectFrom('inventory_changes')
    .innerJoin('product_variants', 'product_variants.id', 'inventory_changes.variant_id')
    .select(['product_variants.sku', 'inventory_changes.quantity_after', 'inventory_changes.reason'])
    .where('inventory_changes.product_id', '=', productId)
    .execute();

describe("a Shopify product CSV in Shopify's current column names (#24)", () => {
  const line = (cells: Record<string, string>) => csvLine(SHOPIFY_CURRENT_HEADER, cells);
  const file = () =>
    [
      SHOPIFY_CURRENT_HEADER,
      line({
        Title: 'Linen shirt',
        'URL handle': 'linen-shirt',
        Description: '<p>Washed linen</p>',
        Vendor: 'Acme',
        Type: 'Linen wear',
        'Published on online store': 'TRUE',
        Status: 'active',
        SKU: 'LIN-S',
        'Option1 name': 'Size',
        'Option1 value': 'S',
        Price: '30.00',
        'Cost per item': '12.00',
        'Inventory tracker': 'shopify',
        'Inventory quantity': '4',
        'Weight value (grams)': '250',
        'Product image URL': `${picturesUrl}/tee-linen.png`,
        'Image position': '1',
        'Image alt text': 'A linen shirt, folded',
      }),
      line({
        'URL handle': 'linen-shirt',
        SKU: 'LIN-M',
        'Option1 value': 'M',
        Price: '32.00',
        'Inventory tracker': 'shopify',
        'Inventory quantity': '0',
        'Product image URL': `${picturesUrl}/gone.png`,
        'Image position': '2',
        'Image alt text': 'The back',
      }),
    ].join('\n');

  it('imports handles, options, SKUs, prices, stock, weight and pictures with their alt text', async () => {
    const answer = await importFile(file(), 'mode=import');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ format: 'shopify', products: 1, variants: 2, collectionsToCreate: ['linen-wear'], pictures: 2 });
    // the picture that cannot be fetched is reported on the line naming it
    expect(answer.body.pictureProblems).toEqual([{ line: 3, url: `${picturesUrl}/gone.png`, reason: 'HTTP 404' }]);
    const shirt = await product('linen-shirt');
    expect(shirt).toMatchObject({ name: 'Linen shirt', brand: 'Acme', description: '<p>Washed linen</p>', visible: true });
    expect(Number(shirt.price)).toBe(30);
    expect(Number(shirt.weight)).toBe(0.25);
    expect(
      shirt.variants.map((variant) => [
        variant.choices,
        variant.sku,
        variant.price === null ? null : Number(variant.price),
        variant.quantity,
      ]),
    ).toEqual([
      [{ Size: 'S' }, 'LIN-S', null, 4],
      [{ Size: 'M' }, 'LIN-M', 32, 0],
    ]);
    expect((shirt.media as { image: { altText?: string } }[]).map((media) => media.image.altText)).toEqual(['A linen shirt, folded']);
    // a variant that starts with no stock has no history yet; the other starts with its stock
    expect(await inventoryHistory(shirt.id)).toEqual([{ sku: 'LIN-S', quantity_after: 4, reason: 'INITIAL' }]);
  });

  it('reads the older names whatever their case and spacing', async () => {
    const text = [
      'handle,  TITLE ,option1  name,option1 value,variant price,variant sku,image src,image alt text',
      `spaced-tee,Spaced tee,Size,S,9.50,SP-S,${picturesUrl}/tee-spaced.png,On a hanger`,
      'spaced-tee,,,M,9.50,SP-M,,',
    ].join('\n');
    const answer = await importFile(text, 'mode=import');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ format: 'shopify', products: 1, variants: 2, pictureProblems: [] });
    const tee = await product('spaced-tee');
    expect(tee.variants.map((variant) => variant.sku)).toEqual(['SP-S', 'SP-M']);
    expect((tee.media as { image: { altText?: string } }[]).map((media) => media.image.altText)).toEqual(['On a hanger']);
  });
});

describe('pictures of a failed import', () => {
  const mediaFiles = async () => (await server.database.db.selectFrom('media_files').select('id').execute()).length;
  const filesOnDisk = async () => (await readdir(server.services.config.mediaDir).catch(() => [])).length;

  it('are deleted again: a failed import leaves no upload behind (#24)', async () => {
    const rowsBefore = await mediaFiles();
    const filesBefore = await filesOnDisk();
    // fetching the picture takes the file's handle in the shop, so the write fails after the fetch
    const answer = await importFile(`handle,name,price,image_url\nrace-tee,Race tee,5,${picturesUrl}/race-tee.png\n`, 'mode=import');
    expect(answer.status).toBe(409);
    expect(await mediaFiles()).toBe(rowsBefore);
    expect(await filesOnDisk()).toBe(filesBefore);
  });
});

describe('a Wix Stores product CSV', () => {
  it('imports products with options, surcharges, stock, collections and sections', async () => {
    const file = [
      WIX_HEADER,
      `product_1,Product,Wix mug,<p>Stoneware</p>,${picturesUrl}/page.html,Kitchen;Gift ideas,WMUG,New,12,,true,PERCENT,10,InStock,0.4,Color,COLOR,#0000ff:Blue;#ffffff:White,,,,Care,Hand wash`,
      'product_1,Variant,,,,,WMUG-B,,,2,true,,,OutOfStock,,,,#0000ff:Blue,,,,,',
      'product_2,Product,Wix poster,,,,,,30,,false,,,7,,,,,,,,,',
    ].join('\r\n');
    const answer = await importFile(file, 'mode=import');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      format: 'wix',
      products: 2,
      variants: 3,
      collectionsToCreate: ['kitchen', 'gift-ideas'],
      imported: true,
    });
    expect(answer.body.pictureProblems).toEqual([{ line: 2, url: `${picturesUrl}/page.html`, reason: 'not a picture (text/html)' }]);
    const mug = await product('wix-mug');
    expect(mug).toMatchObject({ ribbon: 'New', discount_type: 'PERCENT', track_inventory: false });
    expect(mug.variants.map((variant) => [variant.choices, variant.sku, variant.price])).toEqual([
      [{ Color: 'Blue' }, 'WMUG-B', expect.stringMatching(/^14(\.0+)?$/)],
      [{ Color: 'White' }, null, null],
    ]);
    expect(mug.additional_info_sections).toEqual([{ title: 'Care', description: 'Hand wash' }]);
    expect(await product('wix-poster')).toMatchObject({ visible: false, quantity: 7, track_inventory: true });
  });
});

describe('a refused file changes nothing', () => {
  it.each([
    [
      'wrong columns',
      'name,price,colour\nMug,10,red\n',
      [{ line: 1, field: 'colour', message: expect.stringContaining('not a known column') }],
    ],
    ['a bad price', 'name,price\nMug,ten\n', [{ line: 2, field: 'price', message: 'must be a number ≥ 0' }]],
    [
      'a handle repeated in the file',
      'handle,name,price\nmug,Mug,1\nmug,Mug again,2\n',
      [{ line: 3, field: 'handle', message: 'repeats the handle of line 2' }],
    ],
    [
      'a SKU repeated in the file',
      'name,price,sku\nMug,1,SKU-1\nCup,2,SKU-1\n',
      [{ line: 3, field: 'sku', message: 'repeats the SKU SKU-1 of line 2' }],
    ],
    ['an empty file', '', [{ line: 1, field: null, message: 'the file is empty (a header line is expected)' }]],
    ['JSON that is not an array', '{"name": "Mug"}', [{ line: 1, field: null, message: 'must be a JSON array of products' }]],
    [
      "a Shopify variant without a price, in Shopify's current names",
      `${SHOPIFY_CURRENT_HEADER}\n${csvLine(SHOPIFY_CURRENT_HEADER, { Title: 'Bad', 'URL handle': 'bad', 'Option1 name': 'Size', 'Option1 value': 'S' })}`,
      [{ line: 2, field: 'Price', message: 'is required on a variant line' }],
    ],
    [
      'a Shopify picture that is not a URL, on its own line',
      `${SHOPIFY_HEADER}\nok-tee,Ok tee,,,,,,TRUE,,,,,,,OK-1,,,,,,5.00,,,,,,,,,,,,,,active\nok-tee,,,,,,,,,,,,,,,,,,,,,,,,,not-a-url,2,,,,,,,,`,
      [{ line: 3, field: 'Image Src', message: "'not-a-url' is not an http(s) URL" }],
    ],
    [
      'a Shopify variant without a price',
      `${SHOPIFY_HEADER}\nbad-tee,Bad tee,,,,,,TRUE,Size,S,,,,,B-S,,,,,,,,,,,,,,,,,,,,active`,
      [{ line: 2, field: 'Variant Price', message: 'is required on a variant line' }],
    ],
  ])('%s', async (_name, body, problems) => {
    const before = await productCount();
    const answer = await importFile(body, 'mode=import', { type: body.startsWith('{') ? 'application/json' : 'text/csv' });
    expect(answer.status).toBe(422);
    expect(answer.body.details.applicationError).toMatchObject({ code: 'IMPORT_REJECTED', data: { problems, total: problems.length } });
    expect(await productCount()).toBe(before);
  });

  it('a handle or SKU already in the shop', async () => {
    await importFile('handle,name,price,sku\ntaken,Taken,1,TAKEN-SKU\n', 'mode=import');
    const before = await productCount();
    const answer = await importFile('handle,name,price,sku\ntaken,Again,1,\nother,Other,1,TAKEN-SKU\n', 'mode=import');
    expect(answer.status).toBe(422);
    expect(answer.body.details.applicationError.data.problems).toEqual([
      { line: 2, field: 'handle', message: 'is taken by a product already in the shop' },
      { line: 3, field: 'sku', message: 'the SKU TAKEN-SKU is taken by a product already in the shop' },
    ]);
    expect(await productCount()).toBe(before);
  });

  it('Latin-1 bytes: not UTF-8', async () => {
    const before = await productCount();
    const answer = await importFile(new Uint8Array(Buffer.from('name,price\nCaf\xe9 mug,10\n', 'latin1')), 'mode=import');
    expect(answer.status).toBe(422);
    expect(answer.body.details.applicationError).toMatchObject({
      code: 'IMPORT_NOT_UTF8',
      description: 'the file is not UTF-8 text: save it as UTF-8',
    });
    expect(await productCount()).toBe(before);
  });

  it('too many products', async () => {
    const before = await productCount();
    const rows = Array.from({ length: 10_001 }, (_, i) => `Item ${i},1`);
    const answer = await importFile(`name,price\n${rows.join('\n')}\n`, 'mode=preview');
    expect(answer.status).toBe(413);
    expect(answer.body.details.applicationError.description).toContain('at most 10000');
    expect(await productCount()).toBe(before);
  });
});

describe('who may move the catalogue', () => {
  it('refuses anonymous callers (401) and shoppers (403)', async () => {
    expect((await importFile('name,price\nMug,1\n', 'mode=preview', { token: '' })).status).toBe(401);
    expect((await send(`${server.url}/_api/vitrine/v1/catalogue/export?format=csv`)).status).toBe(401);
    const visitor = (await visitorTokens(server.url)).access_token;
    expect((await importFile('name,price\nMug,1\n', 'mode=preview', { token: visitor })).status).toBe(403);
    const exported = await send(`${server.url}/_api/vitrine/v1/catalogue/export?format=csv`, { headers: { authorization: visitor } });
    expect(exported.status).toBe(403);
  });

  it('lets staff export and import (catalogue work)', async () => {
    const made = await server.services.merchants.create('staff-import@example.com', 'staff');
    const staff = await server.services.keys.sign({ sub: made.identity.id, role: 'merchant', client_id: 'vitrine-console' }, 600);
    const answer = await importFile('name,price\nStaff mug,1\n', 'mode=import', { token: staff });
    expect(answer.status).toBe(200);
    const exported = await send(`${server.url}/_api/vitrine/v1/catalogue/export?format=csv`, { headers: { authorization: staff } });
    expect(exported.status).toBe(200);
    expect(exported.headers.get('content-disposition')).toMatch(/^attachment; filename="vitrine-products-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(exported.text).toContain('Staff mug');
  });
});
