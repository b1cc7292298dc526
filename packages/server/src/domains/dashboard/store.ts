/**
 * The dashboard's SQL: every figure is aggregated by the database (PGlite and PostgreSQL alike).
 * An order counts on the day it was placed in the shop's time zone, unless it was cancelled or
 * fully refunded (`countedOrders`).
 */
import { type Kysely, type SelectQueryBuilder, sql } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { Period } from './period.js';

type Db = Kysely<Database>;

/** Orders placed in the period (its first day's start to the day after its last, in its zone) that still stand. */
function countedOrders(db: Db, period: Period): SelectQueryBuilder<Database, 'orders', object> {
  const start = sql<Date>`(${period.from}::date)::timestamp AT TIME ZONE ${period.timeZone}`;
  const end = sql<Date>`(${period.to}::date + 1)::timestamp AT TIME ZONE ${period.timeZone}`;
  return db
    .selectFrom('orders')
    .where('status', '<>', 'CANCELED')
    .where('payment_status', '<>', 'FULLY_REFUNDED')
    .where('created_date', '>=', start)
    .where('created_date', '<', end);
}

/** Orders and sales per local day and currency (only days that sold). */
export async function selectSalesByDay(db: Db, period: Period) {
  const day = sql<string>`to_char(created_date AT TIME ZONE ${period.timeZone}, 'YYYY-MM-DD')`;
  return (
    countedOrders(db, period)
      .select([day.as('date'), 'currency', sql<number>`count(*)::int`.as('orders'), sql<string>`sum(total)::text`.as('sales')])
      // By position: the day's expression carries the zone as a parameter, which PostgreSQL does not match twice.
      .groupBy([sql`1`, 'currency'])
      .execute()
  );
}

/** Units and revenue (the lines' totals) per product and currency over the period. */
export async function selectProductSales(db: Db, period: Period) {
  const lines = countedOrders(db, period)
    .innerJoin(sql<{ line: unknown }>`jsonb_array_elements(orders.line_items)`.as('l'), (join) => join.onTrue())
    .select([
      sql<string>`l.value->>'productId'`.as('product_id'),
      sql<string>`l.value->>'name'`.as('name'),
      'orders.currency',
      sql<number>`(l.value->>'quantity')::int`.as('units'),
      sql<string>`(l.value->>'lineTotal')::numeric`.as('revenue'),
    ])
    .where(sql<boolean>`l.value->>'productId' IS NOT NULL`);
  return db
    .selectFrom(lines.as('line'))
    .select([
      'product_id',
      sql<string>`max(name)`.as('name'),
      'currency',
      sql<number>`sum(units)::int`.as('units'),
      sql<string>`sum(revenue)::text`.as('revenue'),
    ])
    .groupBy(['product_id', 'currency'])
    .execute();
}

/** Tracked stock at or below `atMost`: products without variants by their own count, others by each variant's. */
export async function selectLowStock(db: Db, atMost: number, limit: number) {
  const ownStock = db
    .selectFrom('products')
    .where('track_inventory', '=', true)
    .where('manage_variants', '=', false)
    .where('quantity', '<=', atMost)
    .select([
      'id as product_id',
      'name as product_name',
      sql<string | null>`NULL::text`.as('variant_id'),
      sql<string>`'{}'`.as('choices'),
      sql<string>`'[]'`.as('options'),
      'sku',
      sql<number>`quantity`.as('quantity'),
    ]);
  const variantStock = db
    .selectFrom('product_variants as v')
    .innerJoin('products as p', 'p.id', 'v.product_id')
    .where('p.track_inventory', '=', true)
    .where('p.manage_variants', '=', true)
    .where('v.quantity', '<=', atMost)
    .select([
      'p.id as product_id',
      'p.name as product_name',
      sql<string | null>`v.id::text`.as('variant_id'),
      sql<string>`v.choices::text`.as('choices'),
      sql<string>`p.product_options::text`.as('options'),
      'v.sku',
      sql<number>`v.quantity`.as('quantity'),
    ]);
  return db
    .selectFrom(ownStock.unionAll(variantStock).as('stock'))
    .selectAll()
    .orderBy('quantity')
    .orderBy('product_name')
    .orderBy('variant_id')
    .limit(limit)
    .execute();
}

/** Open orders waiting for payment, and paid ones waiting to be shipped (the console's order-list states). */
export async function countWaitingOrders(db: Db): Promise<{ payment: number; shipment: number }> {
  const row = await db
    .selectFrom('orders')
    .where('status', '=', 'APPROVED')
    .select([
      sql<number>`count(*) FILTER (WHERE payment_status IN ('NOT_PAID', 'PENDING'))::int`.as('payment'),
      sql<number>`count(*) FILTER (WHERE payment_status IN ('PAID', 'PARTIALLY_REFUNDED') AND fulfillment_status IN ('NOT_FULFILLED', 'PARTIALLY_FULFILLED'))::int`.as(
        'shipment',
      ),
    ])
    .executeTakeFirstOrThrow();
  return row;
}
