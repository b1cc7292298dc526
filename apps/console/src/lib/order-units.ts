/** Units of an order's lines the merchant types for a parcel or a refund: how many are left, and the typed numbers checked. */
import type { Order, OrderLineItem, OrderLineQuantity } from '@vitrine/sdk';

/** Each line with its units not yet counted by `done` (sent, or refunded); lines with none left are left out. */
export function unitsLeft(order: Order, done: 'fulfilledQuantity' | 'refundedQuantity'): { line: OrderLineItem; left: number }[] {
  return (order.lineItems ?? []).map((line) => ({ line, left: (line.quantity ?? 0) - (line[done] ?? 0) })).filter((unit) => unit.left > 0);
}

/** The typed quantities (blank is 0) as units to send, or a problem by line id for each that is not a whole number up to what is left. */
export function checkedUnits(typed: Record<string, string>, left: { line: OrderLineItem; left: number }[]) {
  const problems: Record<string, string> = {};
  const units: OrderLineQuantity[] = [];
  for (const { line, left: most } of left) {
    const id = line._id ?? '';
    const text = (typed[id] ?? '').trim() || '0';
    if (!/^\d+$/.test(text) || Number(text) > most) problems[id] = `Enter a whole number from 0 to ${most}.`;
    else if (Number(text) > 0) units.push({ lineItemId: id, quantity: Number(text) });
  }
  return { problems, units };
}
