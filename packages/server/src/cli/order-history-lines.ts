/** How `vitrine orders show` and the fulfil and refund commands print an order's parcels and refunds. */
import type { WireOrder } from '../domains/checkout/schemas.js';

/** `3 × Tee, 1 × Mug` for some units of the order's lines. */
export function unitsText(order: WireOrder, units: { lineItemId: string; quantity: number }[]): string {
  return units.map((u) => `${u.quantity} × ${order.lineItems.find((l) => l.id === u.lineItemId)?.name ?? u.lineItemId}`).join(', ');
}

/** One line per fulfilment and per refund, oldest first. */
export function describeHistory(order: WireOrder): string[] {
  const parcels = order.fulfillments.map((f) => {
    const tracking = [f.trackingNumber && `tracking ${f.trackingNumber}`, f.trackingUrl].filter(Boolean).join(', ');
    return `  parcel      ${f.createdDate}: ${unitsText(order, f.lineItems)} by ${f.carrier.name}${tracking ? ` (${tracking})` : ''}`;
  });
  const refunds = order.refunds.map((r) => {
    const what = r.lineItems.length ? ` for ${unitsText(order, r.lineItems)}${r.restock ? ', restocked' : ''}` : '';
    return `  refund      ${r.createdDate}: ${r.amount.formattedAmount}${what}: ${r.reason}`;
  });
  return [...parcels, ...refunds];
}
