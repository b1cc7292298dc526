/**
 * What refunding some units of an order's lines gives back (issue #20): what the buyer paid for
 * them, their share of the discounts taken off and of the tax included, never their list price. Each
 * line's paid amount (kept at placement: `OrderLine.paid`) is split over its units by the money
 * module's `allocate` (the remainder to the first units), and the units refunded before are taken
 * first, so the line's refunds add up to exactly what was paid for it. What the order paid beyond its
 * lines (shipping after its discount, with its tax) goes back with the refund that returns the
 * order's last units: refunding every line, one by one or all at once, gives back the order total.
 */
import { allocate, toMinor } from '../../platform/money/money.js';
import { type LineQuantity, linesOf } from './order-history.js';
import type { OrderShipping, OrderTotals } from './order-record.js';
import type { OrderRow } from './store.js';

type PaidRow = Pick<OrderRow, 'line_items' | 'totals' | 'shipping_option' | 'currency'>;

/**
 * What was paid for each line and for the rest (shipping), in minor units, adding up to the order
 * total. Orders placed before lines kept what they paid: the total apportioned over the lines' list
 * totals and the shipping price.
 */
function paidShares(row: PaidRow): { lines: Map<string, bigint>; rest: bigint } {
  const currency = row.currency;
  const total = toMinor((row.totals as unknown as OrderTotals).total, currency);
  const lines = linesOf(row);
  if (lines.every((line) => line.paid !== undefined)) {
    const paid = lines.map((line) => toMinor(line.paid as string, currency));
    return { lines: new Map(lines.map((line, i) => [line.lineItemId, paid[i]])), rest: total - paid.reduce((sum, part) => sum + part, 0n) };
  }
  const shipping = toMinor((row.shipping_option as unknown as OrderShipping | null)?.price ?? '0', currency);
  const parts = allocate(total, [...lines.map((line) => toMinor(line.lineTotal, currency)), shipping]);
  return { lines: new Map(lines.map((line, i) => [line.lineItemId, parts[i]])), rest: parts[lines.length] };
}

/**
 * The amount a refund of `units` gives back, in minor units, `before` being the units of each line
 * refunded already (`refundedUnits`). The caller checked the units (`checkUnits`).
 */
export function lineRefundAmount(row: PaidRow, units: LineQuantity[], before: Map<string, number>): bigint {
  const shares = paidShares(row);
  const lines = linesOf(row);
  let amount = 0n;
  for (const { lineItemId, quantity } of units) {
    const line = lines.find((candidate) => candidate.lineItemId === lineItemId);
    if (!line) continue;
    const perUnit = allocate(
      shares.lines.get(lineItemId) ?? 0n,
      Array.from({ length: line.quantity }, () => 1n),
    );
    const from = before.get(lineItemId) ?? 0;
    amount += perUnit.slice(from, from + quantity).reduce((total, unit) => total + unit, 0n);
  }
  const after = new Map(before);
  for (const { lineItemId, quantity } of units) after.set(lineItemId, (after.get(lineItemId) ?? 0) + quantity);
  const lastUnits = lines.every((line) => (after.get(line.lineItemId) ?? 0) >= line.quantity);
  return lastUnits ? amount + shares.rest : amount;
}
