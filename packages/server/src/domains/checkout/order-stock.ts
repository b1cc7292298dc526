/**
 * The stock an order holds: what placement took from the catalogue, less what refunds with restock
 * gave back. Cancelling gives back what is still held; a restocking refund gives back its lines'
 * share, never more than placement took for them.
 */
import type { StockTake } from '../catalog/stock.js';
import { type LineQuantity, linesOf, refundsOf } from './order-history.js';
import type { OrderRow } from './store.js';

type StockRow = Pick<OrderRow, 'reserved_stock' | 'line_items' | 'refunds'>;

/** What placement took of an order's stock: as recorded, or (orders placed before migration 0010) its catalogue lines. */
function takenStock(row: Pick<OrderRow, 'reserved_stock' | 'line_items'>): StockTake[] {
  if (row.reserved_stock) return row.reserved_stock as unknown as StockTake[];
  return linesOf(row)
    .filter((line) => !line.custom && line.productId)
    .map((line) => ({
      productId: line.productId as string,
      ...(line.variantId ? { variantId: line.variantId } : {}),
      quantity: line.quantity,
    }));
}

const keyOf = (take: Pick<StockTake, 'productId' | 'variantId'>) => `${take.productId}/${take.variantId ?? ''}`;

/** What placement took, less what refunds gave back already, per product or variant. */
function stillHeld(row: StockRow): StockTake[] {
  const given = new Map<string, number>();
  for (const refund of refundsOf(row))
    for (const take of refund.restocked) given.set(keyOf(take), (given.get(keyOf(take)) ?? 0) + take.quantity);
  return takenStock(row).map((take) => ({ ...take, quantity: take.quantity - (given.get(keyOf(take)) ?? 0) }));
}

/** The stock a cancellation gives back: everything the order still holds. */
export function heldStock(row: StockRow): StockTake[] {
  return stillHeld(row).filter((take) => take.quantity > 0);
}

/**
 * The stock refunded lines give back: each line's units from what the order still holds of its
 * variant (or of its product, where the product's own quantity was taken).
 */
export function restockOf(row: StockRow, lines: LineQuantity[]): StockTake[] {
  const held = stillHeld(row);
  const byId = new Map(linesOf(row).map((line) => [line.lineItemId, line]));
  const back: StockTake[] = [];
  for (const { lineItemId, quantity } of lines) {
    const line = byId.get(lineItemId);
    const entry =
      line?.productId && held.find((take) => take.productId === line.productId && (take.variantId ?? line.variantId) === line.variantId);
    if (!entry) continue;
    const units = Math.min(quantity, entry.quantity);
    if (units <= 0) continue;
    entry.quantity -= units;
    back.push({ productId: entry.productId, ...(entry.variantId ? { variantId: entry.variantId } : {}), quantity: units });
  }
  return back;
}
