/** How `vitrine orders show` and the fulfil and refund commands print an order's parcels and refunds. */
import type { WireOrder } from '../domains/checkout/schemas.js';

/** `3 × Tee, 1 × Mug` for some units of the order's lines. */
export function unitsText(order: WireOrder, units: { lineItemId: string; quantity: number }[]): string {
  return units
    .map((unit) => `${unit.quantity} × ${order.lineItems.find((item) => item.id === unit.lineItemId)?.name ?? unit.lineItemId}`)
    .join(', ');
}

/** One line per fulfilment and per refund, oldest first. */
export function describeHistory(order: WireOrder): string[] {
  const parcels = order.fulfillments.map((fulfillment) => {
    const tracking = [fulfillment.trackingNumber && `tracking ${fulfillment.trackingNumber}`, fulfillment.trackingUrl]
      .filter(Boolean)
      .join(', ');
    return `  parcel      ${fulfillment.createdDate}: ${unitsText(order, fulfillment.lineItems)} by ${fulfillment.carrier.name}${tracking ? ` (${tracking})` : ''}`;
  });
  const refunds = order.refunds.map((refund) => {
    const what = refund.lineItems.length ? ` for ${unitsText(order, refund.lineItems)}${refund.restock ? ', restocked' : ''}` : '';
    return `  refund      ${refund.createdDate}: ${refund.amount.formattedAmount}${what}: ${refund.reason}`;
  });
  return [...parcels, ...refunds];
}
