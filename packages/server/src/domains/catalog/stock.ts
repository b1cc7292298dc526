/**
 * Atomic stock reservation for order placement, and its return when an order is cancelled (issue #5 "Safety": two orders for the last unit → one
 * succeeds, nothing oversold). Runs inside the caller's transaction: every tracked quantity is taken
 * by a conditional decrement (`quantity = quantity - n WHERE quantity >= n`), so a decrement that
 * would go below zero changes nothing and is reported as a shortage; the caller then rolls back.
 * Products are locked in id order (the lock order of the catalogue's bulk writes), the derived
 * inventory columns are recomputed by the catalogue's own rules, and the product events are published
 * through the app's publisher, which the hot-read cache follows (it forgets the product after commit).
 * Every quantity taken or given back is recorded in the inventory history with the order as its cause.
 */
import { sql, type Transaction } from 'kysely';
import type { Database } from '../../platform/db/schema.js';
import type { EventIdentity } from '../events/event-identity.js';
import type { EventPublisher } from '../events/publisher.js';
import { recordStockChanges, type StockCause, stockLevels } from './inventory-history.js';
import { syncProduct, type ViewSettings, wireProduct } from './product-sync.js';
import type { ProductRow } from './product-view.js';
import { isCatalogId } from './write-context.js';
import * as store from './write-store.js';

/** One line to reserve: a catalogue product (and variant) and how many units. */
export interface StockRequest {
  lineItemId: string;
  productId: string;
  variantId?: string;
  quantity: number;
  name: string;
}

/** Units taken from (or given back to) one product's own quantity, or one variant's when `variantId` is set. */
export interface StockTake {
  productId: string;
  variantId?: string;
  quantity: number;
}

/** A reservation's outcome: the shortages (then nothing may stand: roll back), else what was taken. */
export interface Reservation {
  shortages: Shortage[];
  taken: StockTake[];
}

/** A line that cannot be served: how many were asked for and how many are left (0 when gone or hidden). */
export interface Shortage {
  lineItemId: string;
  productId: string;
  variantId?: string;
  name: string;
  requested: number;
  available: number;
}

export interface StockDeps {
  /** the app's publisher (the catalogue cache follows it and forgets the products after commit) */
  events: Pick<EventPublisher, 'publish'>;
  view: ViewSettings;
}

/** The catalogue side of orders: reserves stock inside the placing transaction, gives it back inside a cancelling one. */
export class StockReservations {
  constructor(private readonly deps: StockDeps) {}

  /**
   * Takes the units of every line, or nothing: answers the shortages (then the caller must roll back,
   * some decrements may have happened). With no shortage, answers what was taken (tracked products
   * only: the order keeps it to give back on cancellation); the touched products are consistent again
   * and their `product.changed` / `product.variants_changed` events are published, and the quantities
   * taken recorded in the inventory history with `cause` (the order being placed).
   */
  async reserve(trx: Transaction<Database>, requests: StockRequest[], who: EventIdentity, cause: StockCause): Promise<Reservation> {
    const byProduct = new Map<string, StockRequest[]>();
    for (const stockRequest of requests)
      byProduct.set(stockRequest.productId, [...(byProduct.get(stockRequest.productId) ?? []), stockRequest]);
    const ids = [...byProduct.keys()].filter(isCatalogId);
    const rows = new Map((await store.lockProducts(trx, ids)).map((product) => [product.id, product]));
    const levels = await stockLevels(
      trx,
      [...rows.values()].filter((product) => product.track_inventory).map((product) => product.id),
    );
    const shortages: Shortage[] = [];
    const taken: StockTake[] = [];
    const touched: ProductRow[] = [];
    for (const [productId, lines] of [...byProduct].sort(([left], [right]) => (left < right ? -1 : 1))) {
      const product = rows.get(productId);
      if (!product?.visible) {
        // Deleted or hidden since the checkout: nothing of it can be sold.
        shortages.push(...lines.map((line) => shortageOf(line, 0)));
        continue;
      }
      const units = await takeUnits(trx, product, lines);
      shortages.push(...units.shortages);
      taken.push(...units.taken);
      if (product.track_inventory && units.shortages.length === 0) touched.push(product);
    }
    if (shortages.length > 0) return { shortages, taken: [] };
    for (const product of touched) await this.resync(trx, product, who);
    await recordStockChanges(trx, levels, who, cause);
    return { shortages: [], taken };
  }

  /**
   * Gives units back (a cancelled order's `taken`), inside the caller's transaction: to the
   * product's own quantity when it does not manage variants one by one, else to the variant (the
   * only one when none is named). Products deleted since, or no longer tracking stock, take nothing
   * back. The products are locked in id order, re-derived, their events published, and the units given
   * back recorded in the inventory history with `cause` (the cancellation or refund of the order).
   */
  async release(trx: Transaction<Database>, takes: StockTake[], who: EventIdentity, cause: StockCause): Promise<void> {
    const byProduct = new Map<string, StockTake[]>();
    for (const take of takes) if (take.quantity > 0) byProduct.set(take.productId, [...(byProduct.get(take.productId) ?? []), take]);
    const locked = await store.lockProducts(trx, [...byProduct.keys()].filter(isCatalogId));
    const levels = await stockLevels(
      trx,
      locked.filter((product) => product.track_inventory).map((product) => product.id),
    );
    for (const product of locked) {
      if (!product.track_inventory) continue;
      const group = byProduct.get(product.id) ?? [];
      if (!product.manage_variants) {
        const requested = group.reduce((sum, take) => sum + take.quantity, 0);
        await trx
          .updateTable('products')
          .set({ quantity: sql<number>`coalesce(quantity, 0) + ${requested}` })
          .where('id', '=', product.id)
          .execute();
      } else {
        const variants = await store.listVariants(trx, product.id);
        for (const take of group) {
          const variant = take.variantId
            ? variants.find((candidate) => candidate.id === take.variantId)
            : variants.length === 1
              ? variants[0]
              : undefined;
          if (!variant) continue;
          await trx
            .updateTable('product_variants')
            .set({ quantity: sql<number>`coalesce(quantity, 0) + ${take.quantity}` })
            .where('id', '=', variant.id)
            .execute();
        }
      }
      await this.resync(trx, product, who);
    }
    await recordStockChanges(trx, levels, who, cause);
  }

  /** Recomputes variants' stock flags and the derived columns, then tells subscribers and the cache. */
  private async resync(trx: Transaction<Database>, locked: ProductRow, who: EventIdentity): Promise<void> {
    const current = (await store.lockProduct(trx, locked.id)) as ProductRow;
    const { row } = await syncProduct(trx, current, { stockChanged: !current.manage_variants });
    const wire = await wireProduct(trx, row, this.deps.view);
    for (const type of ['product.changed', 'product.variants_changed'] as const) {
      await this.deps.events.publish(trx, { type, entityId: row.id, entity: wire, identity: who });
    }
  }
}

/** Takes the lines' units of one locked product; answers its shortages (none: all taken) and what it took. */
async function takeUnits(trx: Transaction<Database>, product: ProductRow, lines: StockRequest[]): Promise<Reservation> {
  const none = (shortages: Shortage[]): Reservation => ({ shortages, taken: [] });
  const variants = await store.listVariants(trx, product.id);
  const variantOf = (line: StockRequest) =>
    line.variantId ? variants.find((variant) => variant.id === line.variantId) : variants.length === 1 ? variants[0] : undefined;
  const hidden = lines.filter((line) => {
    const variant = variantOf(line);
    return (line.variantId && !variant) || (variant && !variant.visible);
  });
  if (hidden.length > 0) return none(hidden.map((line) => shortageOf(line, 0)));
  if (!product.track_inventory) {
    // Untracked: served while the product (and the variant) are marked in stock.
    return none(lines.filter((line) => !product.in_stock || variantOf(line)?.in_stock === false).map((line) => shortageOf(line, 0)));
  }
  if (!product.manage_variants) {
    // One quantity for the product: variants of it draw from the same units.
    const requested = lines.reduce((sum, line) => sum + line.quantity, 0);
    const taken = await trx
      .updateTable('products')
      .set({ quantity: sql<number>`quantity - ${requested}` })
      .where('id', '=', product.id)
      .where('quantity', '>=', requested)
      .returning('quantity')
      .executeTakeFirst();
    return taken
      ? { shortages: [], taken: [{ productId: product.id, quantity: requested }] }
      : none(lines.map((line) => shortageOf(line, product.quantity ?? 0)));
  }
  const perVariant = new Map<string, StockRequest[]>();
  const shortages: Shortage[] = [];
  const took: StockTake[] = [];
  for (const line of lines) {
    const variant = variantOf(line);
    if (!variant) shortages.push(shortageOf(line, 0));
    else perVariant.set(variant.id, [...(perVariant.get(variant.id) ?? []), line]);
  }
  for (const [variantId, group] of [...perVariant].sort(([left], [right]) => (left < right ? -1 : 1))) {
    const requested = group.reduce((sum, line) => sum + line.quantity, 0);
    const taken = await trx
      .updateTable('product_variants')
      .set({ quantity: sql<number>`quantity - ${requested}` })
      .where('id', '=', variantId)
      .where('product_id', '=', product.id)
      .where('quantity', '>=', requested)
      .returning('quantity')
      .executeTakeFirst();
    if (!taken) {
      const available = variants.find((variant) => variant.id === variantId)?.quantity ?? 0;
      shortages.push(...group.map((line) => shortageOf(line, available)));
    } else took.push({ productId: product.id, variantId, quantity: requested });
  }
  return { shortages, taken: took };
}

function shortageOf(line: StockRequest, available: number): Shortage {
  return {
    lineItemId: line.lineItemId,
    productId: line.productId,
    variantId: line.variantId,
    name: line.name,
    requested: line.quantity,
    available,
  };
}
