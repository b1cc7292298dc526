/**
 * An order's fulfilments and refunds as the order row keeps them (`orders.fulfillments`,
 * `orders.refunds`, migration 0016), and how many units of each line they account for.
 */
import type { CarrierCode } from '@vitrine/sdk';
import type { StockTake } from '../catalog/stock.js';
import type { OrderLine } from './order-record.js';
import type { OrderRow } from './store.js';

/** Some units of one order line. */
export interface LineQuantity {
  lineItemId: string;
  quantity: number;
}

/** One parcel: which units, with which carrier and tracking. */
export interface StoredFulfillment {
  id: string;
  createdDate: string;
  lineItems: LineQuantity[];
  carrier: CarrierCode;
  trackingNumber?: string;
  trackingUrl?: string;
}

/** Money given back: how much (decimal text in the order currency), for which units, why, and the stock it gave back. */
export interface StoredRefund {
  id: string;
  createdDate: string;
  amount: string;
  lineItems: LineQuantity[];
  reason: string;
  restock: boolean;
  /** what went back to the catalogue (empty without restock, or when the products tracked no stock) */
  restocked: StockTake[];
  /** the payment provider's id of the refund (providers that refund) */
  providerRefundId?: string;
}

type HistoryRow = Pick<OrderRow, 'line_items' | 'fulfillments' | 'refunds' | 'fulfillment_status'>;

export const linesOf = (row: Pick<OrderRow, 'line_items'>) => row.line_items as unknown as OrderLine[];
export const fulfillmentsOf = (row: Pick<OrderRow, 'fulfillments'>) => (row.fulfillments ?? []) as unknown as StoredFulfillment[];
export const refundsOf = (row: Pick<OrderRow, 'refunds'>) => (row.refunds ?? []) as unknown as StoredRefund[];

/** Units per line id, summed over records. */
function unitsPerLine(records: { lineItems: LineQuantity[] }[]): Map<string, number> {
  const units = new Map<string, number>();
  for (const record of records)
    for (const line of record.lineItems) units.set(line.lineItemId, (units.get(line.lineItemId) ?? 0) + line.quantity);
  return units;
}

/** How many units of each line were sent: an order fulfilled whole before fulfilments were recorded (0016) counts every unit. */
export function fulfilledUnits(row: HistoryRow): Map<string, number> {
  const fulfillments = fulfillmentsOf(row);
  if (fulfillments.length === 0 && row.fulfillment_status === 'FULFILLED') {
    return new Map(linesOf(row).map((line) => [line.lineItemId, line.quantity]));
  }
  return unitsPerLine(fulfillments);
}

/** How many units of each line were refunded. */
export const refundedUnits = (row: Pick<OrderRow, 'refunds'>) => unitsPerLine(refundsOf(row));

/** Each line with the units not yet counted by `done`, in the order's line order; lines with none left are left out. */
export function remainingUnits(lines: OrderLine[], done: Map<string, number>): LineQuantity[] {
  return lines
    .map((line) => ({ lineItemId: line.lineItemId, quantity: line.quantity - (done.get(line.lineItemId) ?? 0) }))
    .filter((line) => line.quantity > 0);
}
