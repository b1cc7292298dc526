/**
 * The planner keeps statistics of the products' columns statements filter and sort on, and none of
 * the wide ones only read back whole (migration 0039): ANALYZE, which the embedded database's upkeep
 * runs while every request waits, then has less to sample and sort.
 */
import { sql } from 'kysely';
import { beforeAll, expect, it } from 'vitest';
import { insertProduct } from '../../../test/support/catalog-fixtures.js';
import { testServerForFile } from '../../../test/support/server-for-file.js';

const server = testServerForFile();
beforeAll(async () => {
  for (let index = 0; index < 20; index++) {
    await insertProduct(server.database.db, {
      name: `Statistics mug ${index}`,
      price: `${10 + index}.00`,
      description: `<p>A mug described at length, number ${index}.</p>`,
    });
  }
});

it('analyzes the columns statements filter on, and not the description and JSON documents', async () => {
  const { db } = server.database;
  await sql`ANALYZE products`.execute(db);
  const { rows } = await sql<{ column: string }>`
    SELECT attname AS column FROM pg_stats WHERE schemaname = 'public' AND tablename = 'products'`.execute(db);
  const analyzed = rows.map((row) => row.column);
  expect(analyzed).toEqual(expect.arrayContaining(['id', 'name', 'slug', 'price_min', 'inventory_status', 'created_date']));
  for (const wide of [
    'description',
    'product_options',
    'media',
    'additional_info_sections',
    'custom_text_fields',
    'seo_data',
    'price_per_unit',
  ]) {
    expect(analyzed).not.toContain(wide);
  }
});
