import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from 'vitest';
import { insertCollection, insertProduct } from '../../test/support/catalog-fixtures.js';
import { tempDataDir, vitrine } from '../../test/support/cli.js';
import { copyOfTemplate, type SharedDatabaseServer, startSharedDatabaseServer } from '../../test/support/shared-database-server.js';
import { openDatabase } from '../platform/db/database.js';

/** Written straight into the table, as rows stored before sanitising landed were (#18). */
const HOSTILE_DESCRIPTION = '<p onclick="steal()">Warm<script>steal()</script><img src=x onerror=steal()></p>';
const HOSTILE_SECTIONS = [{ title: 'Care', description: '<a href="javascript:steal()">Wash</a> by hand' }];
const CLEAN_DESCRIPTION = '<p>Soft <strong>cotton</strong>, <a href="https://shop.example/care" rel="noopener nofollow">care</a></p>';
/** Plain text, shown as text: HTML sanitising would turn it into `Fish &amp; chips &lt;3`. */
const COLLECTION_TEXT = 'Fish & chips <3';

/** A migrated catalogue, closed, copied for each test: a hostile product, a clean one, a collection. */
let template: Awaited<ReturnType<typeof tempDataDir>>;
const ids = { hostile: '', clean: '', collection: '' };
let hostileSlug = '';

beforeAll(async () => {
  template = await tempDataDir();
  await vitrine(['migrate'], template.env);
  const handle = await openDatabase({ kind: 'pglite', dataDir: template.dir });
  try {
    const hostile = await insertProduct(handle.db, { name: 'Hostile mug' });
    await sql`UPDATE products SET description = ${HOSTILE_DESCRIPTION},
      additional_info_sections = ${JSON.stringify(HOSTILE_SECTIONS)}::jsonb WHERE id = ${hostile.id}`.execute(handle.db);
    ids.hostile = hostile.id;
    hostileSlug = hostile.product.slug;
    ids.clean = (await insertProduct(handle.db, { name: 'Plain tee', description: CLEAN_DESCRIPTION })).id;
    ids.collection = (await insertCollection(handle.db, { name: 'Suppers', description: COLLECTION_TEXT })).id;
  } finally {
    await handle.close();
  }
});
afterAll(() => template?.remove());

/** This test's own copy of the template's data directory. */
let copy: { root: string; env: { VITRINE_DATA_DIR: string } } | undefined;
async function freshCopy() {
  const root = await mkdtemp(join(tmpdir(), 'vitrine-sanitize-'));
  const dir = join(root, 'data');
  await cp(template.dir, dir, { recursive: true });
  copy = { root, env: { VITRINE_DATA_DIR: dir } };
  return copy.env;
}
afterEach(async () => {
  if (copy) await rm(copy.root, { recursive: true, force: true });
  copy = undefined;
});

/** What the data directory holds now (opened after the command closed it). */
async function stored(env: { VITRINE_DATA_DIR: string }) {
  const handle = await openDatabase({ kind: 'pglite', dataDir: env.VITRINE_DATA_DIR });
  try {
    const products = await handle.db
      .selectFrom('products')
      .select(['id', 'description', 'additional_info_sections', 'last_updated'])
      .execute();
    const events = await handle.db.selectFrom('events').select(['type', 'entity_type', 'entity_id']).orderBy('sequence').execute();
    const collection = await handle.db
      .selectFrom('collections')
      .select('description')
      .where('id', '=', ids.collection)
      .executeTakeFirstOrThrow();
    const product = (id: string) => products.find((candidate) => candidate.id === id);
    return { hostile: product(ids.hostile), clean: product(ids.clean), events, collectionText: collection.description };
  } finally {
    await handle.close();
  }
}

const hostileLine = () => `${hostileSlug} (${ids.hostile}): description, additionalInfoSections`;

describe('vitrine sanitize-rich-text (#18)', () => {
  it('sanitises stored product rich text with the shared allowlist, publishes product.changed for what changed, leaves plain-text collection descriptions', async () => {
    const env = await freshCopy();
    const before = await stored(env);

    const result = await vitrine(['sanitize-rich-text'], env);

    expect(result).toMatchObject({ code: 0, out: `${hostileLine()}\n1 product of 2 changed` });
    const after = await stored(env);
    expect(after.hostile?.description).toBe('<p>Warm</p>');
    expect(after.hostile?.additional_info_sections).toEqual([{ title: 'Care', description: 'Wash by hand' }]);
    expect(after.hostile?.last_updated.getTime()).toBeGreaterThan(before.hostile?.last_updated.getTime() ?? Infinity);
    expect(after.clean).toEqual(before.clean);
    expect(after.events).toEqual([{ type: 'product.changed', entity_type: 'product', entity_id: ids.hostile }]);
    expect(after.collectionText).toBe(COLLECTION_TEXT);
  });

  it('changes nothing when run again', async () => {
    const env = await freshCopy();
    await vitrine(['sanitize-rich-text'], env);
    const first = await stored(env);

    const again = await vitrine(['sanitize-rich-text'], env);

    expect(again).toMatchObject({ code: 0, out: '0 products of 2 changed' });
    expect(await stored(env)).toEqual(first);
  });

  it('reads and rewrites the catalogue in batches of --batch-size', async () => {
    const env = await freshCopy();
    const result = await vitrine(['sanitize-rich-text', '--batch-size', '1'], env);
    expect(result).toMatchObject({ code: 0, out: `${hostileLine()}\n1 product of 2 changed` });
    expect((await stored(env)).hostile?.description).toBe('<p>Warm</p>');
  });

  it('--dry-run reports what would change and writes nothing', async () => {
    const env = await freshCopy();
    const before = await stored(env);

    const result = await vitrine(['sanitize-rich-text', '--dry-run'], env);

    expect(result).toMatchObject({ code: 0, out: `${hostileLine()}\n1 product of 2 would change (dry run: nothing written)` });
    expect(await stored(env)).toEqual(before);
  });

  it('refuses a --batch-size that is not a whole number of at least 1 (exit 2)', async () => {
    // refused before the database is opened
    const result = await vitrine(['sanitize-rich-text', '--batch-size', '0'], template.env);
    expect(result.code).toBe(2);
    expect(result.err.split('\n')[0]).toBe("vitrine sanitize-rich-text: --batch-size must be a whole number of at least 1, not '0'");
  });
});

// ---- a running server's cached answers (processes share a database only on PostgreSQL)

const databaseTemplate = inject('databaseTemplate');

describe.runIf(databaseTemplate.kind === 'postgres')('vitrine sanitize-rich-text beside a running server (#18)', () => {
  let database: Awaited<ReturnType<typeof copyOfTemplate>> | undefined;
  let server: SharedDatabaseServer | undefined;
  beforeAll(async () => {
    if (databaseTemplate.kind !== 'postgres') return;
    database = await copyOfTemplate(databaseTemplate);
    server = await startSharedDatabaseServer(database.url, `vmk_test_${crypto.randomUUID().replaceAll('-', '')}`);
  });
  afterAll(async () => {
    await server?.close();
    await database?.drop();
  });

  /** The product's description as a shopper reads it, once it is `wanted` or after 2 s. */
  async function descriptionSeen(url: string, id: string, wanted: string): Promise<string | undefined> {
    const started = Date.now();
    let seen: string | undefined;
    do {
      seen = ((await (await fetch(`${url}/stores-reader/v1/products/${id}`)).json()) as { product?: { description?: string } }).product
        ?.description;
      if (seen === wanted) break;
      await new Promise((resolve) => setTimeout(resolve, 20));
    } while (Date.now() - started < 2000);
    return seen;
  }

  it('makes the server drop its cached answer holding the old text', async () => {
    if (!server || !database) throw new Error('no server on PostgreSQL');
    const { id } = await insertProduct(server.database.db, { name: 'Cached mug' });
    await sql`UPDATE products SET description = ${HOSTILE_DESCRIPTION} WHERE id = ${id}`.execute(server.database.db);
    const started = Date.now();
    while (!server.services.catalogCache.active && Date.now() - started < 5000) await new Promise((resolve) => setTimeout(resolve, 20));
    expect(server.services.catalogCache.active).toBe(true);
    expect(await descriptionSeen(server.url, id, HOSTILE_DESCRIPTION)).toBe(HOSTILE_DESCRIPTION);

    expect((await vitrine(['sanitize-rich-text'], { DATABASE_URL: database.url })).code).toBe(0);

    expect(await descriptionSeen(server.url, id, '<p>Warm</p>')).toBe('<p>Warm</p>');
  });
});
