import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { pngImage } from '../../test/support/images.js';
import { insertPlacedOrder, trackedProduct } from '../../test/support/order-rows.js';
import { type ServeProcess, startServe } from '../../test/support/serve-process.js';
import { openDatabase } from '../platform/db/database.js';
import { migrateToLatest } from '../platform/db/migrate.js';

const API_KEY = `vmk_test_${'b'.repeat(32)}`;
const SERVE_ENV = { VITRINE_API_KEYS: API_KEY };

/** `path` of a server, as the merchant. */
async function merchantGet(served: ServeProcess, path: string): Promise<Response> {
  return fetch(`${served.url}${path}`, { headers: { authorization: API_KEY } });
}

describe('vitrine backup and restore (#23)', () => {
  let source: Awaited<ReturnType<typeof tempDataDir>>;
  let restored: Awaited<ReturnType<typeof tempDataDir>>;
  let backupFile: string;
  let order: { id: string; number: string };
  let media: { id: string; url: string; bytes: Buffer };

  beforeAll(async () => {
    source = await tempDataDir();
    restored = await tempDataDir();
    backupFile = join(source.dir, '..', 'shop-backup.tar.gz');
    // A shop with an order…
    const database = await openDatabase({ kind: 'pglite', dataDir: source.dir });
    try {
      await migrateToLatest(database.db);
      const productId = await trackedProduct(database.db, 'Backed-up mug', 5);
      order = await insertPlacedOrder(database.db, { productId, quantity: 2, email: 'buyer@example.com' });
    } finally {
      await database.close();
    }
    // …and a media file, uploaded to the running server, which then takes the backup.
    const served = await startServe(source.dir, ['--no-demo', '--no-storefront'], SERVE_ENV);
    try {
      const bytes = pngImage(4, 3);
      const uploaded = await fetch(`${served.url}/_api/media/v1/files?fileName=mug.png`, {
        method: 'POST',
        headers: { authorization: API_KEY, 'content-type': 'image/png' },
        body: new Uint8Array(bytes),
      });
      expect(uploaded.status).toBe(200);
      const { file } = (await uploaded.json()) as { file: { id: string; url: string } };
      media = { id: file.id, url: new URL(file.url).pathname, bytes };
      const run = await vitrine(['backup', backupFile, '--server', served.url], { ...source.env, ...SERVE_ENV });
      expect(run).toMatchObject({ code: 0, out: expect.stringContaining('verified') });
    } finally {
      // the server's own words travel with a failed stop
      expect({ code: await served.stop(), err: served.err() }).toMatchObject({ code: 0 });
    }
  }, 120_000);

  afterAll(async () => {
    await source?.remove();
    await restored?.remove();
  });

  it('restores into a new data directory a shop that serves the same order and media file', async () => {
    const run = await vitrine(['restore', backupFile], restored.env);
    expect(run).toMatchObject({ code: 0, out: expect.stringContaining(`into ${restored.dir}`) });
    const served = await startServe(restored.dir, ['--no-demo', '--no-storefront'], SERVE_ENV);
    try {
      const answer = await merchantGet(served, `/ecom/v1/orders/${order.id}`);
      expect(answer.status).toBe(200);
      expect(((await answer.json()) as { order: { number: string } }).order.number).toBe(order.number);
      const file = await fetch(`${served.url}${media.url}`);
      expect(file.status).toBe(200);
      expect(Buffer.from(await file.arrayBuffer()).equals(media.bytes)).toBe(true);
    } finally {
      // The restored server served a media file over a kept-alive connection: its stop must still be clean.
      expect(await served.stop(), served.err()).toBe(0);
    }
  }, 120_000);

  it('refuses to overwrite a data directory that holds data without --force', async () => {
    const run = await vitrine(['restore', backupFile], source.env);
    expect(run.code).toBe(1);
    expect(run.err).toContain('already holds data: restore refuses to overwrite it');
  });

  it('refuses a damaged backup, saying what is wrong, and leaves the data directory alone', async () => {
    const bytes = await readFile(backupFile);
    const damaged = join(source.dir, '..', 'damaged.tar.gz');
    await writeFile(damaged, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const target = await tempDataDir();
    try {
      const run = await vitrine(['restore', damaged], target.env);
      expect(run.code).toBe(1);
      expect(run.err).toContain(`${damaged} cannot be restored: not a readable backup`);
      expect(await readFile(join(target.dir, 'PG_VERSION')).catch(() => 'absent')).toBe('absent');
    } finally {
      await target.remove();
    }
  });

  it('refuses a file that is not a backup', async () => {
    const other = join(source.dir, '..', 'not-a-backup.tar.gz');
    await writeFile(other, 'hello');
    const run = await vitrine(['restore', other], restored.env);
    expect(run.code).toBe(1);
    expect(run.err).toContain('cannot be restored');
  });
});
