/**
 * SQL of bulk loading (`seed --generate`, `vitrine import`): planned products (`bulk-load-plan.ts`),
 * their variants and collection links as multi-row inserts, split so that no statement exceeds
 * PostgreSQL's 65,535 bind parameters, and the slug look-ups loads need. The seed writes the
 * catalogue's tables through these functions only. Every function takes the caller's transaction first.
 */
import { type Kysely, sql } from 'kysely';
import { CATALOG_CHANNEL } from '../../platform/db/change-channel.js';
import type { Database } from '../../platform/db/schema.js';
import type { PlannedProduct } from './bulk-load-plan.js';
import { refreshSearchDocuments } from './search-document-store.js';

/** Bind parameters one statement may use (PostgreSQL's limit is 65,535). */
const MAX_PARAMETERS = 60_000;

/** `rows` in slices small enough for one statement each. */
function slices<T extends object>(rows: T[]): T[][] {
  if (rows.length === 0) return [];
  // Rows may name different columns: a statement binds the union of them for every row.
  const names = new Set<string>();
  for (const row of rows) for (const column of Object.keys(row)) names.add(column);
  const columns = names.size;
  const size = Math.max(1, Math.floor(MAX_PARAMETERS / columns));
  const out: T[][] = [];
  for (let i = 0; i < rows.length; i += size) out.push(rows.slice(i, i + size));
  return out;
}

/** Inserts planned products with their variants and collection links. */
export async function insertPlannedProducts(db: Kysely<Database>, planned: PlannedProduct[]): Promise<void> {
  for (const rows of slices(planned.map((product) => product.row))) await db.insertInto('products').values(rows).execute();
  for (const rows of slices(planned.flatMap((product) => product.variants))) await db.insertInto('product_variants').values(rows).execute();
  const links = planned.flatMap((product) => product.collectionIds.map((collection_id) => ({ collection_id, product_id: product.row.id })));
  for (const rows of slices(links)) await db.insertInto('product_collections').values(rows).execute();
  await refreshSearchDocuments(
    db,
    planned.map((entry) => entry.row.id),
  );
  await insertInitialStockHistory(
    db,
    planned.map((entry) => entry.row.id as string),
  );
}

/**
 * The inventory history's first entry of every counted variant of the loaded products that has
 * stock: its initial stock, by the system (a bulk load has no caller of its own), as `createProduct`
 * records a merchant's. A variant loaded at zero records nothing, as `recordStockChanges` rules: its
 * history starts with the first stock it gets (#24).
 */
async function insertInitialStockHistory(db: Kysely<Database>, productIds: string[]): Promise<void> {
  if (productIds.length === 0) return;
  await db
    .insertInto('inventory_changes')
    .columns(['product_id', 'variant_id', 'quantity_before', 'quantity_after', 'actor_type', 'reason'])
    .expression(
      db
        .selectFrom('product_variants')
        .select((eb) => [
          'product_id',
          'id',
          sql<null>`null::integer`.as('quantity_before'),
          'quantity',
          eb.val('UNKNOWN').as('actor_type'),
          eb.val('INITIAL').as('reason'),
        ])
        // a load's batch is at most a few thousand products: well within one statement's parameters
        .where('product_id', 'in', productIds)
        .where('quantity', '>', 0),
    )
    .execute();
}

/** Inserts collections (name, slug, description) and answers slug → id. */
export async function insertCollections(
  db: Kysely<Database>,
  collections: { name: string; slug: string; description?: string }[],
): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const rows of slices(
    collections.map((collection) => ({ name: collection.name, slug: collection.slug, description: collection.description ?? '' })),
  )) {
    const inserted = await db.insertInto('collections').values(rows).returning(['id', 'slug']).execute();
    for (const row of inserted) out.set(row.slug, row.id);
  }
  return out;
}

/** Which of `slugs` products already have. */
export async function findTakenProductSlugs(db: Kysely<Database>, slugs: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < slugs.length; i += MAX_PARAMETERS) {
    const rows = await db
      .selectFrom('products')
      .select('slug')
      .where('slug', 'in', slugs.slice(i, i + MAX_PARAMETERS))
      .execute();
    for (const row of rows) out.add(row.slug);
  }
  return out;
}

/** The SKUs among `skus` that a product or a variant of the shop already has. */
export async function findTakenSkus(db: Kysely<Database>, skus: string[]): Promise<Set<string>> {
  const out = new Set<string>();
  for (let i = 0; i < skus.length; i += MAX_PARAMETERS) {
    const part = skus.slice(i, i + MAX_PARAMETERS);
    const rows = await db
      .selectFrom('products')
      .select('sku')
      .where('sku', 'in', part)
      .union(db.selectFrom('product_variants').select('sku').where('sku', 'in', part))
      .execute();
    for (const row of rows) if (row.sku) out.add(row.sku);
  }
  return out;
}

/** slug → id of the rows of `table` (products or collections) with these slugs. */
export async function findIdsBySlug(
  db: Kysely<Database>,
  table: 'products' | 'collections',
  slugs: string[],
): Promise<Map<string, string>> {
  if (slugs.length === 0) return new Map();
  const rows = await db.selectFrom(table).select(['id', 'slug']).where('slug', 'in', slugs).execute();
  return new Map(rows.map((row) => [row.slug, row.id]));
}

/** Whether the shop has any product at all. */
export async function hasAnyProduct(db: Kysely<Database>): Promise<boolean> {
  return (await db.selectFrom('products').select('id').limit(1).executeTakeFirst()) !== undefined;
}

/**
 * Tells every server process on the database that the catalogue changed wholesale: `catalog:*` on the
 * channel the hot-read caches listen to (`platform/db/change-channel.ts`; any entity but a product or a
 * collection makes them forget everything). Inside a transaction it is heard when that commits.
 */
export async function announceCatalogChange(db: Kysely<Database>): Promise<void> {
  await sql`SELECT pg_notify(${CATALOG_CHANNEL}, 'catalog:*')`.execute(db);
}

/**
 * Refreshes the planner's statistics of the catalogue tables after a bulk load, so queries use their
 * indexes at once instead of after autovacuum's next turn (measured on 100k generated products:
 * uncached reads from ~190 ms to a few ms). Outside any transaction.
 */
export async function analyzeCatalog(db: Kysely<Database>): Promise<void> {
  await sql`ANALYZE products, product_variants, product_collections, collections, product_search, search_words, search_lexemes`.execute(db);
  // Vacuumed too, which marks its pages all-visible: suggestions then read a range of its key from the
  // index alone and stop at their candidates; without it (the embedded database has no autovacuum) the
  // planner reads every row of the range first (40 ms for "modern bo" at 100k products, 4 ms after).
  await sql`VACUUM (ANALYZE) search_name_suffixes`.execute(db);
}
