import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { openDatabase } from '../platform/db/database.js';

let data: Awaited<ReturnType<typeof tempDataDir>>;
beforeAll(async () => {
  data = await tempDataDir();
});
afterAll(() => data?.remove());

/** Writes `text` beside the data directory and answers its path. */
async function file(name: string, text: string): Promise<string> {
  const path = join(data.dir, '..', name);
  await writeFile(path, text);
  return path;
}

/** The slugs of the products in the data directory (opened after the command closed it). */
async function slugs(): Promise<string[]> {
  const handle = await openDatabase({ kind: 'pglite', dataDir: data.dir });
  try {
    return (await handle.db.selectFrom('products').select('slug').orderBy('slug').execute()).map((row) => row.slug);
  } finally {
    await handle.close();
  }
}

describe('vitrine import', () => {
  it('imports a CSV file, says how many products, and exits 0', async () => {
    const csv = await file('good.csv', 'handle,name,description,price\ncsv-mug,Mug,"A mug,\nwith two lines",10\ncsv-tee,Tee,,20\n');
    const result = await vitrine(['import', csv], data.env);
    expect(result.code).toBe(0);
    expect(result.out).toMatch(/^Imported 2 products \(2 variants\) from .*good\.csv in \d+\.\d s$/);
    expect(result.err).toContain('importing products: 2/2 (100%)');
    expect(await slugs()).toEqual(expect.arrayContaining(['csv-mug', 'csv-tee']));
  });

  it('reports a broken row as line N: field: message, imports nothing and exits 1', async () => {
    const csv = await file('broken.csv', 'handle,name,price\nok-one,Fine,10\nbad-one,Broken,-3\n');
    const result = await vitrine(['import', csv], data.env);
    expect(result.code).toBe(1);
    expect(result.err.split('\n')).toEqual(expect.arrayContaining(['line 3: price: must be a number ≥ 0']));
    expect(result.err).toContain('vitrine import: 1 problem in the file; nothing was imported');
    expect(result.out).toBe('');
    expect(await slugs()).not.toContain('ok-one');
  });

  it('imports a JSON array of products', async () => {
    const json = await file(
      'good.json',
      JSON.stringify([{ name: 'JSON apron', slug: 'json-apron', priceData: { price: 35 }, collections: ['aprons'] }]),
    );
    const result = await vitrine(['import', json], data.env);
    expect(result.code).toBe(0);
    expect(result.out).toContain('Imported 1 product (1 variant)');
    expect(result.out).toContain('; 1 collection created');
    expect(await slugs()).toContain('json-apron');
  });

  it('exits 2 for a file that is neither .csv nor .json', async () => {
    const result = await vitrine(['import', 'products.txt'], data.env);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe('vitrine import: <file> must end in .csv or .json: products.txt');
  });

  it('exits 2 without a file', async () => {
    const result = await vitrine(['import'], data.env);
    expect([result.code, result.err.split('\n')[0]]).toEqual([2, 'vitrine import: missing <file>']);
  });

  it('exits 1 for a file it cannot read', async () => {
    const result = await vitrine(['import', join(data.dir, '..', 'nope.csv')], data.env);
    expect(result.code).toBe(1);
    expect(result.err).toMatch(/^vitrine: cannot read .*nope\.csv: ENOENT/);
  });
});
