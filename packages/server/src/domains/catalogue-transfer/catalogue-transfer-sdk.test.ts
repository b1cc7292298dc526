/**
 * The catalogue export and import through the SDK's `catalogueTransfer` (`@vitrine/sdk/admin`, #24)
 * against the real server: preview, import, export, and an export imported into an empty shop gives
 * the same catalogue.
 */
import { ApiKeyStrategy, createClient } from '@vitrine/sdk';
import { catalogueTransfer } from '@vitrine/sdk/admin';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../../test/support/test-server.js';
import { thrown } from '../../../test/support/thrown.js';

const servers: TestServer[] = [];
afterEach(async () => {
  await Promise.all(servers.splice(0).map((server) => server.close()));
});

async function shop() {
  const server = await startTestServer();
  servers.push(server);
  const client = createClient({ host: server.url, modules: { catalogueTransfer }, auth: ApiKeyStrategy({ apiKey: server.apiKey }) });
  return { server, client: client.catalogueTransfer };
}

const CSV = [
  'handle,name,description,price,sku,visible,quantity,collections,option1_name,option1_values,option2_name,option2_type,option2_values,image_url',
  'blue-mug,"Blue mug, large",<p>A mug.</p>,12.50,MUG,true,4,kitchen;gifts,Size,S;M,Color,color,Blue;White,https://img.test/mug.png',
  'blue-mug,,,14.00,MUG-M-BLUE,,9,,Size,M,Color,,Blue,',
  'poster,Poster,Plain,20,,no,,,,,,,,',
].join('\n');

describe('catalogueTransfer', () => {
  it('previews a Vitrine CSV file without writing, then imports it', async () => {
    const { client } = await shop();
    const preview = await client.previewCatalogueImport(CSV);
    expect(preview).toEqual({
      format: 'vitrine',
      products: 2,
      variants: 5,
      collectionsToCreate: ['kitchen', 'gifts'],
      pictures: 1,
      sample: [
        { line: 2, name: 'Blue mug, large', slug: 'blue-mug', variants: 4, price: '12.50', currency: 'USD' },
        { line: 4, name: 'Poster', slug: 'poster', variants: 1, price: '20.00', currency: 'USD' },
      ],
      pictureProblems: [],
      imported: false,
    });
    expect((await client.exportCatalogue({ format: 'json' }).then((blob) => blob.text())).trim()).toBe('[]');
  });

  it('exports what it imported, and the export imports into an empty shop as the same catalogue', async () => {
    const first = await shop();
    const imported = await first.client.importCatalogue(new Blob([CSV], { type: 'text/csv' }));
    expect(imported).toMatchObject({ products: 2, variants: 5, imported: true });
    expect(imported.pictureProblems).toEqual([{ line: 2, url: 'https://img.test/mug.png', reason: expect.any(String) }]);
    const csv = await (await first.client.exportCatalogue({ format: 'csv' })).text();
    const json = JSON.parse(await (await first.client.exportCatalogue({ format: 'json' })).text());
    expect(json).toHaveLength(2);

    const second = await shop();
    expect(await second.client.importCatalogue(csv)).toMatchObject({ products: 2, variants: 5, imported: true });
    expect(JSON.parse(await (await second.client.exportCatalogue({ format: 'json' })).text())).toEqual(json);
    const third = await shop();
    expect(await third.client.importCatalogue(JSON.stringify(json), { format: 'vitrine' })).toMatchObject({ products: 2, imported: true });
    expect(JSON.parse(await (await third.client.exportCatalogue({ format: 'json' })).text())).toEqual(json);
  });

  it('refuses a file with problems with their lines, importing nothing', async () => {
    const { client } = await shop();
    const error = await thrown(client.importCatalogue('name,price\nMug,ten\n'));
    expect(error.status).toBe(422);
    expect(error.details?.applicationError?.data).toEqual({
      problems: [{ line: 2, field: 'price', message: 'must be a number ≥ 0' }],
      total: 1,
    });
  });
});
