/**
 * The inventory history (issue #24): every change of a variant's stock quantity is recorded, inside
 * the transaction that makes it, with who (the write's event identity), when and why. Writers take the
 * levels before their change (`stockLevels`) and hand them to `recordStockChanges` once the product is
 * consistent again (derived columns synced), which compares them with the levels after and writes one
 * entry per variant whose quantity moved. So every writer is recorded the same way, whichever column it
 * wrote: the product's own quantity reaches its variants through the catalogue's sync.
 * Writers: catalogue writes (`mutateProduct`, `createProduct`), order placement, cancellation and
 * restocking refunds (`stock.ts`), bulk loading (`bulk-load.ts`: the initial stock of imports and seeds).
 */
import type { StockChangeReason } from '@vitrine/sdk';
import type { Kysely } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { EventIdentity } from '../events/event-identity.js';
import type { WireInventoryChange } from './inventory-schemas.js';
import * as store from './inventory-store.js';

/** Why stock changed, and the order behind it when there is one. */
export interface StockCause {
  reason: StockChangeReason;
  orderId?: string;
  note?: string;
}

/** A catalogue write that names no reason corrects the count. */
export const CORRECTION: StockCause = { reason: 'CORRECTION' };

/** Variant id → quantity (`null`: not counted) of one product. */
export type StockLevels = Map<string, number | null>;

/** The quantities of the products' variants now, by product id (take them under the products' locks). */
export function stockLevels(db: Kysely<Database>, productIds: string[]): Promise<Map<string, StockLevels>> {
  return store.selectStockLevels(db, productIds);
}

/** The identity's id, whichever kind it is. */
function actorIdOf(who: EventIdentity): string | null {
  return who.wixUserId ?? who.appId ?? who.memberId ?? who.anonymousVisitorId ?? null;
}

/**
 * Writes one history entry per variant of each product whose quantity differs from `before` (a
 * variant absent from `before` is new: its count starts from nothing). A variant's history starts
 * with its first quantity other than "counted, none": an entry of a write naming no reason is then
 * its INITIAL stock. Call it in the transaction of the change, after the product's derived columns
 * were synced.
 */
export async function recordStockChanges(
  db: Kysely<Database>,
  before: Map<string, StockLevels>,
  who: EventIdentity,
  cause: StockCause,
): Promise<void> {
  const after = await store.selectStockLevels(db, [...before.keys()]);
  const recorded = await store.selectVariantsWithHistory(
    db,
    [...after.values()].flatMap((levels) => [...levels.keys()]),
  );
  const rows = [];
  for (const [productId, levels] of after) {
    const earlier = before.get(productId) ?? new Map();
    for (const [variantId, quantity] of levels) {
      const previous = earlier.get(variantId) ?? null;
      if (previous === quantity) continue;
      const first = !recorded.has(variantId);
      // A variant that starts counting at zero has no stock to record yet: its history starts with the
      // first quantity it gets, which a write naming no reason makes its initial stock, not a
      // correction (a product created empty, then stocked variant by variant, #24).
      if (first && previous === null && quantity === 0) continue;
      const reason = first && cause.reason === CORRECTION.reason ? 'INITIAL' : cause.reason;
      rows.push({
        product_id: productId,
        variant_id: variantId,
        quantity_before: previous,
        quantity_after: quantity,
        actor_type: who.identityType,
        actor_id: actorIdOf(who),
        reason,
        order_id: cause.orderId ?? null,
        note: cause.note ?? null,
      });
    }
  }
  await store.insertInventoryChanges(db, rows);
}

type HistoryRow = Awaited<ReturnType<typeof store.selectVariantHistory>>[number];

/** A history row as the merchant API answers it. */
function wireChange(row: HistoryRow): WireInventoryChange {
  const orderNumber = row.order_number ? `${row.order_number_prefix ?? ''}${row.order_number}` : undefined;
  return {
    id: row.id,
    productId: row.product_id,
    variantId: row.variant_id,
    quantityBefore: row.quantity_before,
    quantityAfter: row.quantity_after,
    change: (row.quantity_after ?? 0) - (row.quantity_before ?? 0),
    reason: row.reason as StockChangeReason,
    actor: {
      identityType: row.actor_type as EventIdentity['identityType'],
      id: row.actor_id,
      ...(row.merchant_email ? { email: row.merchant_email } : {}),
    },
    // numbered as orders number themselves (checkout/order-view.ts `orderNumberOf`)
    order: row.order_id ? { id: row.order_id, ...(orderNumber ? { number: orderNumber } : {}) } : null,
    note: row.note,
    createdDate: row.created_date.toISOString(),
  };
}

/** Reads of the inventory history for the merchant API. */
export class InventoryHistory {
  constructor(private readonly deps: { db: Kysely<Database> }) {}

  /**
   * One page of a variant's history, newest first, and how many entries it has in all; `undefined`
   * when the product has no such variant (the route says not found).
   */
  async ofVariant(productId: string, variantId: string, page: { limit: number; offset: number }) {
    const { db } = this.deps;
    if (!(await store.variantExists(db, productId, variantId))) return undefined;
    const [rows, total] = await Promise.all([
      store.selectVariantHistory(db, productId, variantId, page),
      store.countVariantHistory(db, productId, variantId),
    ]);
    return { changes: rows.map(wireChange), total };
  }
}
