/**
 * SQL of the catalogue reads. Filters and orders arrive compiled (`query/compile-sql.ts`); the
 * aliases they use are fixed here: `products p`, `collections c`, `product_variants v`. Merchants'
 * pages load their variants and collection ids in one batched query each (no query per product);
 * what shoppers see (a product by id, a query's page, a search's page) is read with them in one
 * statement (`listShownProducts`, `selectShownProducts`).
 */
import type { Kysely, RawBuilder, SqlBool } from 'kysely';
import { sql } from 'kysely';
import type { Database, Row } from '../../platform/db/schema.js';
import type { ProductRow, VariantRow } from './product-view.js';

type Predicate = RawBuilder<SqlBool>;
export type CollectionRow = Row<'collections'>;
export interface OrderItem {
  expr: RawBuilder<unknown>;
  direction: 'asc' | 'desc';
}
export interface Page {
  limit: number;
  offset: number;
}

const count = (rows: { n: string | number | bigint }[]) => Number(rows[0]?.n ?? 0);

/** One product by id; hidden ones only when `visibleOnly` is false. */
export async function findProduct(db: Kysely<Database>, id: string, options: { visibleOnly: boolean }): Promise<ProductRow | undefined> {
  let query = db.selectFrom('products as p').selectAll('p').where('p.id', '=', id);
  if (options.visibleOnly) query = query.where('p.visible', '=', true);
  return query.executeTakeFirst();
}

/** Products by id (store variant pages), any visibility. */
export async function listProductsByIds(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, ProductRow>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('products as p').selectAll('p').where('p.id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}

/** A visible product with what a shopper sees of it: its visible variants, and the ids of its visible collections. */
export interface ShownProduct {
  row: ProductRow;
  /** in display order */
  variants: VariantRow[];
  /** in the order the product was added to them */
  collectionIds: string[];
}

/**
 * Visible products by id with their visible variants and visible collection ids, by id, in one
 * statement: a search page's products and a shopper's product by id, which otherwise took three
 * (products, variants, collection ids), each costing the database and the server about as much as
 * reading the products.
 * The variants come aggregated as JSON: `to_jsonb` writes a numeric as a JSON number, so the decimal
 * columns are written as text, as the driver reads a numeric column (`12.5000`, exact).
 */
export async function listShownProducts(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, ShownProduct>> {
  if (!ids.length) return new Map();
  const shown = await shownProducts(db).where('p.id', 'in', ids).where('p.visible', '=', true).execute();
  return new Map(shown.map(toShownProduct).map((product) => [product.row.id, product]));
}

/** A page of products matching `where` (which must keep only visible ones), in `order`, as `listShownProducts` reads them: a shopper's listing. */
export async function selectShownProducts(db: Kysely<Database>, where: Predicate, order: OrderItem[], page: Page): Promise<ShownProduct[]> {
  let query = shownProducts(db).where(where);
  for (const item of order) query = query.orderBy(item.expr, item.direction);
  return (await query.limit(page.limit).offset(page.offset).execute()).map(toShownProduct);
}

/** Products with their visible variants and visible collection ids as two more columns (`listShownProducts`). */
function shownProducts(db: Kysely<Database>) {
  return db
    .selectFrom('products as p')
    .selectAll('p')
    .select([
      sql<VariantRow[]>`(
        SELECT coalesce(json_agg(to_jsonb(v) || jsonb_build_object('price', v.price::text, 'cost', v.cost::text, 'weight', v.weight::text)
                                 ORDER BY v.position, v.id), '[]')
        FROM product_variants v WHERE v.product_id = p.id AND v.visible)`.as('shown_variants'),
      sql<string[]>`(
        SELECT coalesce(json_agg(pc.collection_id ORDER BY pc.added_at, pc.collection_id), '[]')
        FROM product_collections pc JOIN collections c ON c.id = pc.collection_id AND c.visible
        WHERE pc.product_id = p.id)`.as('shown_collection_ids'),
    ]);
}

const toShownProduct = ({
  shown_variants,
  shown_collection_ids,
  ...row
}: ProductRow & { shown_variants: VariantRow[]; shown_collection_ids: string[] }): ShownProduct => ({
  row,
  variants: shown_variants,
  collectionIds: shown_collection_ids,
});

/** A page of products matching `where`, in `order`. */
export async function selectProducts(db: Kysely<Database>, where: Predicate, order: OrderItem[], page: Page): Promise<ProductRow[]> {
  let query = db.selectFrom('products as p').selectAll('p').where(where);
  for (const item of order) query = query.orderBy(item.expr, item.direction);
  return query.limit(page.limit).offset(page.offset).execute();
}

/** How many products match `where`. */
export async function countProducts(db: Kysely<Database>, where: Predicate): Promise<number> {
  return count(await db.selectFrom('products as p').select(sql<string>`count(*)`.as('n')).where(where).execute());
}

/** The variants of several products in display order, grouped by product. */
export async function listVariantsOf(
  db: Kysely<Database>,
  productIds: readonly string[],
  options: { visibleOnly: boolean },
): Promise<Map<string, VariantRow[]>> {
  const out = new Map<string, VariantRow[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return out;
  let query = db.selectFrom('product_variants as v').selectAll('v').where('v.product_id', 'in', productIds);
  if (options.visibleOnly) query = query.where('v.visible', '=', true);
  const rows = await query.orderBy('v.product_id').orderBy('v.position').orderBy('v.id').execute();
  for (const row of rows) out.get(row.product_id)?.push(row);
  return out;
}

/**
 * The collection ids of several products (in the order they were added), grouped by product; with
 * `visibleOnly`, hidden collections are left out (what shoppers see).
 */
export async function listCollectionIdsOf(
  db: Kysely<Database>,
  productIds: readonly string[],
  options: { visibleOnly?: boolean } = {},
): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>(productIds.map((id) => [id, []]));
  if (!productIds.length) return out;
  const rows = await db
    .selectFrom('product_collections as pc')
    .select(['pc.product_id', 'pc.collection_id'])
    .where('pc.product_id', 'in', productIds)
    .$if(options.visibleOnly === true, (qb) =>
      qb.where(({ exists, selectFrom }) =>
        exists(selectFrom('collections as c').select('c.id').whereRef('c.id', '=', 'pc.collection_id').where('c.visible', '=', true)),
      ),
    )
    .orderBy('pc.added_at')
    .orderBy('pc.collection_id')
    .execute();
  for (const row of rows) out.get(row.product_id)?.push(row.collection_id);
  return out;
}

/** One collection by id or slug; hidden ones only when `visibleOnly` is false. */
export async function findCollection(
  db: Kysely<Database>,
  by: { id: string } | { slug: string },
  options: { visibleOnly: boolean },
): Promise<CollectionRow | undefined> {
  let query = db.selectFrom('collections as c').selectAll('c');
  query = 'id' in by ? query.where('c.id', '=', by.id) : query.where('c.slug', '=', by.slug);
  if (options.visibleOnly) query = query.where('c.visible', '=', true);
  return query.executeTakeFirst();
}

/** A page of collections matching `where`, in `order`. */
export async function selectCollections(db: Kysely<Database>, where: Predicate, order: OrderItem[], page: Page): Promise<CollectionRow[]> {
  let query = db.selectFrom('collections as c').selectAll('c').where(where);
  for (const item of order) query = query.orderBy(item.expr, item.direction);
  return query.limit(page.limit).offset(page.offset).execute();
}

/** How many collections match `where`. */
export async function countCollections(db: Kysely<Database>, where: Predicate): Promise<number> {
  return count(await db.selectFrom('collections as c').select(sql<string>`count(*)`.as('n')).where(where).execute());
}

/** Products per collection (visible ones only when `visibleOnly`), for several collections at once. */
export async function countProductsIn(
  db: Kysely<Database>,
  collectionIds: readonly string[],
  options: { visibleOnly: boolean },
): Promise<Map<string, number>> {
  const out = new Map<string, number>(collectionIds.map((id) => [id, 0]));
  if (!collectionIds.length) return out;
  let query = db
    .selectFrom('product_collections as pc')
    .innerJoin('products as p', 'p.id', 'pc.product_id')
    .select(['pc.collection_id', sql<string>`count(*)`.as('n')])
    .where('pc.collection_id', 'in', collectionIds)
    .groupBy('pc.collection_id');
  if (options.visibleOnly) query = query.where('p.visible', '=', true);
  for (const row of await query.execute()) out.set(row.collection_id, Number(row.n));
  return out;
}

/** Which variants of one product a variants query selects: choices it contains, ids it has. */
export interface VariantSelection {
  productId: string;
  /** the variant's choices contain all of these */
  choices?: Record<string, string>;
  /** only these ids (already checked to be UUIDs) */
  ids?: readonly string[];
  visibleOnly: boolean;
}

function variantsOfProduct(db: Kysely<Database>, selection: VariantSelection) {
  let query = db.selectFrom('product_variants as v').where('v.product_id', '=', selection.productId);
  if (selection.choices && Object.keys(selection.choices).length)
    query = query.where(sql<SqlBool>`v.choices @> CAST(${JSON.stringify(selection.choices)} AS jsonb)`);
  if (selection.ids) query = selection.ids.length ? query.where('v.id', 'in', selection.ids) : query.where(sql<SqlBool>`FALSE`);
  if (selection.visibleOnly) query = query.where('v.visible', '=', true);
  return query;
}

/** A page of one product's variants, in display order. */
export async function selectVariantsOfProduct(db: Kysely<Database>, selection: VariantSelection, page: Page): Promise<VariantRow[]> {
  return variantsOfProduct(db, selection)
    .selectAll('v')
    .orderBy('v.position')
    .orderBy('v.id')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

/** How many of one product's variants a selection matches. */
export async function countVariantsOfProduct(db: Kysely<Database>, selection: VariantSelection): Promise<number> {
  return count(await variantsOfProduct(db, selection).select(sql<string>`count(*)`.as('n')).execute());
}

/** The ids of a page of store variants (`product_variants v JOIN products p`) matching `where`. */
export async function selectStoreVariantKeys(
  db: Kysely<Database>,
  where: Predicate,
  order: OrderItem[],
  page: Page,
): Promise<{ id: string; product_id: string }[]> {
  let query = db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(['v.id', 'v.product_id'])
    .where(where);
  for (const item of order) query = query.orderBy(item.expr, item.direction);
  return query.limit(page.limit).offset(page.offset).execute();
}

/** How many store variants match `where`. */
export async function countStoreVariants(db: Kysely<Database>, where: Predicate): Promise<number> {
  const query = db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .select(sql<string>`count(*)`.as('n'));
  return count(await query.where(where).execute());
}

/** Variants by id, any visibility. */
export async function listVariantsByIds(db: Kysely<Database>, ids: readonly string[]): Promise<Map<string, VariantRow>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('product_variants as v').selectAll('v').where('v.id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row]));
}
