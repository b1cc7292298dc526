import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertCollection, insertProduct } from '../../../../test/support/catalog-fixtures.js';
import { freshDatabase } from '../../../../test/support/test-database.js';
import type { DatabaseHandle } from '../../../platform/db/database.js';
import { compileFilter, compileSort } from './compile-sql.js';
import { parseQuery, type WireQuery } from './parse-query.js';
import { PRODUCT_QUERY } from './product-query.js';

let database: DatabaseHandle;
beforeAll(async () => {
  database = await freshDatabase();
});
afterAll(() => database?.close());

/** The products page query the read store runs, for a wire query. */
function productsPage(query: WireQuery) {
  const parsed = parseQuery(query, PRODUCT_QUERY);
  let builder = database.db.selectFrom('products as p').selectAll('p').where(compileFilter(parsed.filter, PRODUCT_QUERY));
  for (const order of compileSort(parsed.sort, PRODUCT_QUERY)) builder = builder.orderBy(order.expr, order.direction);
  return builder.limit(parsed.paging.limit).offset(parsed.paging.offset);
}

describe('the SQL of a filter', () => {
  it('carries every value as a bind parameter, never in the SQL text', () => {
    const evil = "x'); DROP TABLE products; --";
    const compiled = productsPage({
      filter: { name: evil, brand: { $startsWith: evil }, price: { $in: [1, '2.5'] }, lastUpdated: { $gt: '2024-01-01T00:00:00Z' } },
    }).compile();
    expect(compiled.sql).not.toContain('DROP');
    expect(compiled.sql).not.toContain('2024');
    expect(compiled.parameters).toEqual(expect.arrayContaining([evil, `${evil}%`, ['1', '2.5'], '2024-01-01T00:00:00Z']));
  });

  it('treats LIKE wildcards in a prefix as plain characters', async () => {
    const db = database.db;
    const product = await insertProduct(db, { name: '50% off_sale' });
    await insertProduct(db, { name: '50 percent offXsale' });
    const rows = await productsPage({ filter: { name: { $startsWith: '50% OFF_' } } }).execute();
    expect(rows.map((row) => row.id)).toEqual([product.id]);
  });
});

describe('the indexes of migrations 0003 and 0006', () => {
  /** The plan of a products page with sequential scans discouraged, as one text. */
  async function plan(query: WireQuery): Promise<string> {
    await sql`SET enable_seqscan = off`.execute(database.db);
    try {
      const rows = await productsPage(query).explain();
      return rows.map((row) => Object.values(row).join(' ')).join('\n');
    } finally {
      await sql`SET enable_seqscan = on`.execute(database.db);
    }
  }

  it('serve a name prefix', async () => {
    // Under collation "C" (PGlite) the sort index serves prefixes as well; elsewhere the text_pattern_ops one does.
    expect(await plan({ filter: { name: { $startsWith: 'Blue' } } })).toMatch(/Index Cond: \(\(lower\(name\) ~?>=~? 'blue'/);
  });

  it('serve a price range sorted by price', async () => {
    expect(await plan({ filter: { price: { $gt: 5 } }, sort: [{ fieldName: 'price', order: 'DESC' }] })).toContain('products_price_idx');
  });

  it('serve the name order', async () => {
    expect(await plan({ sort: [{ fieldName: 'name', order: 'DESC' }] })).toContain('products_name_sort_idx');
  });

  it('serve the default newest-first order', async () => {
    expect(await plan({})).toContain('products_created_idx');
  });

  it('serve membership of a collection', async () => {
    const collection = await insertCollection(database.db, { name: 'Indexed' });
    expect(await plan({ filter: { collectionIds: collection.id } })).toContain('product_collections_pkey');
  });
});
