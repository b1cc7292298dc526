import { Migrator, sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, openDatabase } from '../../platform/db/database.js';
import { loadMigrations, migrateToLatest } from '../../platform/db/migrate.js';

// Migration 0024's own SQL, so it runs on an embedded database whatever DATABASE_URL says: the
// catalogue as it stood before search, then the migration that brings search.
let database: DatabaseHandle;
beforeAll(async () => {
  database = await openDatabase({ kind: 'pglite' });
  const all = await loadMigrations();
  const before = Object.fromEntries(Object.entries(all).filter(([name]) => name < '0024'));
  const migrator = new Migrator({ db: database.db, provider: { getMigrations: async () => before } });
  const { error } = await migrator.migrateToLatest();
  if (error) throw error;
  await sql`
    WITH c AS (INSERT INTO collections (name, slug) VALUES ('Kitchen', 'kitchen') RETURNING id),
    p AS (
      INSERT INTO products (name, slug, brand, description, product_options)
      VALUES ('Crème mug', 'creme-mug', 'Acme', '<p>For <b>coffee</b></p>',
              '[{"name": "Color", "optionType": "color", "choices": [{"value": "#2e6b3f", "description": "Forest green"}]}]')
      RETURNING id
    )
    INSERT INTO product_collections (collection_id, product_id) SELECT c.id, p.id FROM c, p`.execute(database.db);
  await migrateToLatest(database.db);
});
afterAll(() => database?.close());

const matches = async (text: string) => {
  const { rows } = await sql<{ n: number }>`
    SELECT count(*)::int AS n FROM product_search WHERE document @@ websearch_to_tsquery('vitrine_search', ${text})`.execute(database.db);
  return rows[0]?.n;
};

describe('migration 0024 (#22)', () => {
  it.each([['creme'], ['acme'], ['coffee'], ['forest green'], ['kitchen'], ['mugs']])(
    'gives products already there a document that finds them by %j',
    async (text) => {
      expect(await matches(text)).toBe(1);
    },
  );

  it('adds their words to the words typos are corrected to', async () => {
    const { rows } = await sql<{ word: string }>`SELECT word FROM search_words ORDER BY word`.execute(database.db);
    expect(rows.map((row) => row.word)).toEqual(['acme', 'creme', 'forest', 'green', 'kitchen', 'mug']);
  });
});

describe('migration 0036 (#22)', () => {
  it('gives products already there the word sequences of their names, from each word on, that suggestions read', async () => {
    const { rows } = await sql<{ suffix: string }>`SELECT suffix FROM search_name_suffixes ORDER BY suffix`.execute(database.db);
    expect(rows.map((row) => row.suffix)).toEqual(['creme mug ', 'mug ']);
  });
});
