/** SQL of the catalogue writes. Every function takes the transaction (or db) first; the service decides what absence means. */
import { type Kysely, sql, type Updateable } from 'kysely';
import { likeLiteral } from '../../platform/db/like-pattern.js';
import type { CollectionsTable, Database, NewRow, ProductsTable, ProductVariantsTable } from '../../platform/db/schema.js';

/** `value%` for LIKE, with LIKE's own wildcards escaped. */
const prefixPattern = (value: string) => `${likeLiteral(value)}%`;

// ---- products

/** The product row, locked until the transaction ends (writes of one product are serialised). */
export function lockProduct(db: Kysely<Database>, id: string) {
  return db.selectFrom('products').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

/** Product rows of `ids`, locked, in id order (a fixed lock order avoids deadlocks between bulk writes). */
export function lockProducts(db: Kysely<Database>, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('products').selectAll().where('id', 'in', ids).orderBy('id').forUpdate().execute();
}

export function insertProduct(db: Kysely<Database>, values: NewRow<'products'>) {
  return db.insertInto('products').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateProduct(db: Kysely<Database>, id: string, values: Updateable<ProductsTable>) {
  return db.updateTable('products').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteProduct(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('products').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Product slugs equal to `base` or starting with `base-` (to pick a free numeric suffix). */
export async function findProductSlugs(db: Kysely<Database>, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('products')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', prefixPattern(`${base}-`))]))
    .execute();
  return rows.map((row) => row.slug);
}

/** Whether a product other than `exceptId` has the slug. */
export async function productSlugTaken(db: Kysely<Database>, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('products').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

/** Which of `ids` are products. */
export async function findExistingProductIds(db: Kysely<Database>, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await db.selectFrom('products').select('id').where('id', 'in', ids).execute();
  return new Set(rows.map((row) => row.id));
}

/** The rich text of up to `limit` products after `afterId` in id order (keyset paging over the whole catalogue). */
export function listProductRichText(db: Kysely<Database>, afterId: string | null, limit: number) {
  let query = db.selectFrom('products').select(['id', 'slug', 'description', 'additional_info_sections']).orderBy('id').limit(limit);
  if (afterId) query = query.where('id', '>', afterId);
  return query.execute();
}

// ---- variants

export function listVariants(db: Kysely<Database>, productId: string) {
  return db.selectFrom('product_variants').selectAll().where('product_id', '=', productId).orderBy('position').orderBy('id').execute();
}

export async function insertVariants(db: Kysely<Database>, rows: NewRow<'product_variants'>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('product_variants').values(rows).execute();
}

export async function updateVariant(db: Kysely<Database>, id: string, values: Updateable<ProductVariantsTable>): Promise<void> {
  await db.updateTable('product_variants').set(values).where('id', '=', id).execute();
}

/** Sets the same values on every variant of a product. */
export async function updateAllVariants(db: Kysely<Database>, productId: string, values: Updateable<ProductVariantsTable>): Promise<void> {
  await db.updateTable('product_variants').set(values).where('product_id', '=', productId).execute();
}

/** Gives `quantity` to the variants of a product that have none (tracking just turned on for managed variants). */
export async function fillMissingVariantQuantities(db: Kysely<Database>, productId: string, quantity: number): Promise<void> {
  await db.updateTable('product_variants').set({ quantity }).where('product_id', '=', productId).where('quantity', 'is', null).execute();
}

/** A tracked product's variants are in stock exactly when their quantity is above zero. */
export async function setVariantStockFromQuantity(db: Kysely<Database>, productId: string): Promise<void> {
  await db
    .updateTable('product_variants')
    .set({ in_stock: sql<boolean>`coalesce(quantity, 0) > 0` })
    .where('product_id', '=', productId)
    .execute();
}

export async function deleteVariants(db: Kysely<Database>, ids: string[]): Promise<void> {
  if (ids.length > 0) await db.deleteFrom('product_variants').where('id', 'in', ids).execute();
}

// ---- collection links

export async function listCollectionIdsOfProduct(db: Kysely<Database>, productId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('product_collections')
    .select('collection_id')
    .where('product_id', '=', productId)
    .orderBy('added_at')
    .orderBy('collection_id')
    .execute();
  return rows.map((row) => row.collection_id);
}

/** Links products to a collection (links that exist are kept); answers the products newly linked. */
export async function insertProductLinks(db: Kysely<Database>, collectionId: string, productIds: string[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .insertInto('product_collections')
    .values(productIds.map((product_id) => ({ collection_id: collectionId, product_id })))
    .onConflict((oc) => oc.columns(['collection_id', 'product_id']).doNothing())
    .returning('product_id')
    .execute();
  return rows.map((row) => row.product_id);
}

/** Unlinks products from a collection; answers the products that were linked. */
export async function deleteProductLinks(db: Kysely<Database>, collectionId: string, productIds: string[]): Promise<string[]> {
  if (productIds.length === 0) return [];
  const rows = await db
    .deleteFrom('product_collections')
    .where('collection_id', '=', collectionId)
    .where('product_id', 'in', productIds)
    .returning('product_id')
    .execute();
  return rows.map((row) => row.product_id);
}

export async function listProductIdsOfCollection(db: Kysely<Database>, collectionId: string): Promise<string[]> {
  const rows = await db.selectFrom('product_collections').select('product_id').where('collection_id', '=', collectionId).execute();
  return rows.map((row) => row.product_id);
}

export async function countProductsOfCollection(db: Kysely<Database>, collectionId: string): Promise<number> {
  const row = await db
    .selectFrom('product_collections')
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('collection_id', '=', collectionId)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

// ---- collections

export function lockCollection(db: Kysely<Database>, id: string) {
  return db.selectFrom('collections').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
}

export function insertCollection(db: Kysely<Database>, values: NewRow<'collections'>) {
  return db.insertInto('collections').values(values).returningAll().executeTakeFirstOrThrow();
}

export function updateCollection(db: Kysely<Database>, id: string, values: Updateable<CollectionsTable>) {
  return db.updateTable('collections').set(values).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
}

export async function deleteCollection(db: Kysely<Database>, id: string): Promise<boolean> {
  const result = await db.deleteFrom('collections').where('id', '=', id).executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** Collection slugs equal to `base` or starting with `base-`. */
export async function findCollectionSlugs(db: Kysely<Database>, base: string): Promise<string[]> {
  const rows = await db
    .selectFrom('collections')
    .select('slug')
    .where((eb) => eb.or([eb('slug', '=', base), eb('slug', 'like', prefixPattern(`${base}-`))]))
    .execute();
  return rows.map((row) => row.slug);
}

/** Whether a collection other than `exceptId` has the slug. */
export async function collectionSlugTaken(db: Kysely<Database>, slug: string, exceptId?: string): Promise<boolean> {
  let query = db.selectFrom('collections').select('id').where('slug', '=', slug);
  if (exceptId) query = query.where('id', '!=', exceptId);
  return (await query.executeTakeFirst()) !== undefined;
}

// ---- uploaded media files

/** Deletes media file rows; answers the storage keys of those deleted. */
export async function deleteMediaFiles(db: Kysely<Database>, ids: string[]): Promise<string[]> {
  const rows = await db.deleteFrom('media_files').where('id', 'in', ids).returning('storage_key').execute();
  return rows.map((row) => row.storage_key);
}

/**
 * Whether a product (its media, its choices' media, its description) or a collection (its media,
 * its description) refers to the uploaded file: by its id or its URL, both of which hold the id,
 * a random 24-hex string that no other text repeats by chance.
 */
export async function mediaFileInUse(db: Kysely<Database>, id: string): Promise<boolean> {
  const holds = (column: string) => sql<boolean>`position(${id} in ${sql.ref(column)}::text) > 0`;
  const product = await db
    .selectFrom('products')
    .select('id')
    .where((eb) => eb.or([holds('media'), holds('product_options'), holds('description')]))
    .limit(1)
    .executeTakeFirst();
  if (product) return true;
  const collection = await db
    .selectFrom('collections')
    .select('id')
    .where((eb) => eb.or([holds('media'), holds('description')]))
    .limit(1)
    .executeTakeFirst();
  return collection !== undefined;
}

export async function insertMediaFile(db: Kysely<Database>, values: NewRow<'media_files'>): Promise<void> {
  await db.insertInto('media_files').values(values).execute();
}

export function findMediaFile(db: Kysely<Database>, id: string) {
  return db.selectFrom('media_files').selectAll().where('id', '=', id).executeTakeFirst();
}

export function findMediaFiles(db: Kysely<Database>, ids: string[]) {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('media_files').selectAll().where('id', 'in', ids).execute();
}
