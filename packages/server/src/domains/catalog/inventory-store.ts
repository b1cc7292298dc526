/** SQL of the inventory history (issue #24). Every function takes the transaction (or db) first. */
import { type Kysely, sql } from 'kysely';
import type { Database, NewRow } from '../../platform/db/schema.js';

/** The stock quantity of every variant of the products, by product id then variant id (`null`: not counted). */
export async function selectStockLevels(db: Kysely<Database>, productIds: string[]): Promise<Map<string, Map<string, number | null>>> {
  const levels = new Map<string, Map<string, number | null>>(productIds.map((id) => [id, new Map()]));
  if (productIds.length === 0) return levels;
  const rows = await db
    .selectFrom('product_variants')
    .select(['id', 'product_id', 'quantity'])
    .where('product_id', 'in', productIds)
    .execute();
  for (const row of rows) levels.get(row.product_id)?.set(row.id, row.quantity);
  return levels;
}

/** Which of the variants have an entry in the history already. */
export async function selectVariantsWithHistory(db: Kysely<Database>, variantIds: string[]): Promise<Set<string>> {
  if (variantIds.length === 0) return new Set();
  const rows = await db.selectFrom('inventory_changes').select('variant_id').distinct().where('variant_id', 'in', variantIds).execute();
  return new Set(rows.map((row) => row.variant_id));
}

export async function insertInventoryChanges(db: Kysely<Database>, rows: NewRow<'inventory_changes'>[]): Promise<void> {
  if (rows.length > 0) await db.insertInto('inventory_changes').values(rows).execute();
}

/** One page of a variant's history, newest first, with the number of the order named and the e-mail of the merchant who made it. */
export function selectVariantHistory(db: Kysely<Database>, productId: string, variantId: string, page: { limit: number; offset: number }) {
  return db
    .selectFrom('inventory_changes as c')
    .leftJoin('orders as o', 'o.id', 'c.order_id')
    .leftJoin('identities as i', (join) => join.onRef(sql`i.id::text`, '=', 'c.actor_id').on('c.actor_type', '=', 'WIX_USER'))
    .selectAll('c')
    .select(['o.number as order_number', 'o.number_prefix as order_number_prefix', 'i.email as merchant_email'])
    .where('c.product_id', '=', productId)
    .where('c.variant_id', '=', variantId)
    .orderBy('c.id', 'desc')
    .limit(page.limit)
    .offset(page.offset)
    .execute();
}

export async function countVariantHistory(db: Kysely<Database>, productId: string, variantId: string): Promise<number> {
  const row = await db
    .selectFrom('inventory_changes')
    .select((eb) => eb.fn.countAll<string>().as('total'))
    .where('product_id', '=', productId)
    .where('variant_id', '=', variantId)
    .executeTakeFirstOrThrow();
  return Number(row.total);
}

/** Whether the variant is one of the product's. */
export async function variantExists(db: Kysely<Database>, productId: string, variantId: string): Promise<boolean> {
  const row = await db
    .selectFrom('product_variants')
    .select('id')
    .where('product_id', '=', productId)
    .where('id', '=', variantId)
    .executeTakeFirst();
  return row !== undefined;
}
