/**
 * The rules of a fulfilment (issue #20): which units of which lines (default: every unit not yet
 * sent), never more than remains, never for a canceled order; the carrier's tracking link; and what
 * the order row becomes (its fulfilment status, and the latest tracking mirrored in the columns of
 * migration 0010 that `fulfillmentInfo` shows).
 */
import { type CarrierCode, SHIPPING_CARRIERS } from '@vitrine/sdk';
import type { Updateable } from 'kysely';
import type { OrdersTable } from '../../platform/db/schema.js';
import { DomainError } from '../../platform/errors.js';
import { CheckoutErrors } from './errors.js';
import { fulfilledUnits, fulfillmentsOf, type LineQuantity, linesOf, remainingUnits, type StoredFulfillment } from './order-history.js';
import type { FulfillOrderBody } from './schemas.js';
import type { OrderRow } from './store.js';

/**
 * Checks that `wanted` units of each named line remain in `remaining`: an unknown line is
 * ORDER_LINE_NOT_FOUND, too many units `exceeded` (data: lineItemId, remaining, requested).
 */
export function checkUnits(row: OrderRow, wanted: LineQuantity[], remaining: LineQuantity[], exceeded: string): void {
  const lineIds = new Set(linesOf(row).map((line) => line.lineItemId));
  for (const { lineItemId, quantity } of wanted) {
    if (!lineIds.has(lineItemId)) throw new DomainError(CheckoutErrors.ORDER_LINE_NOT_FOUND, { orderId: row.id, lineItemId });
    const left = remaining.find((line) => line.lineItemId === lineItemId)?.quantity ?? 0;
    if (quantity > left) throw new DomainError(exceeded, { orderId: row.id, lineItemId, remaining: left, requested: quantity });
  }
}

/** The parcel's tracking page: the known carrier's, made from the number, or the one given (OTHER). */
function trackingUrlOf(carrier: CarrierCode, input: Pick<FulfillOrderBody, 'trackingNumber' | 'trackingUrl'>): string | undefined {
  const known = SHIPPING_CARRIERS.find((entry) => entry.code === carrier);
  if (!known) return input.trackingUrl;
  return input.trackingNumber && known.trackingUrlTemplate.replace('{trackingNumber}', encodeURIComponent(input.trackingNumber));
}

/**
 * The fulfilment `input` asks for and the order's new column values.
 * @throws DomainError ORDER_CANCELED, ORDER_ALREADY_FULFILLED, ORDER_LINE_NOT_FOUND, FULFILLMENT_EXCEEDS_ORDER
 */
export function planFulfillment(row: OrderRow, input: Omit<FulfillOrderBody, 'id'>, now: Date) {
  if (row.status === 'CANCELED') throw new DomainError(CheckoutErrors.ORDER_CANCELED, { orderId: row.id });
  if (row.fulfillment_status === 'FULFILLED') throw new DomainError(CheckoutErrors.ORDER_ALREADY_FULFILLED, { orderId: row.id });
  const remaining = remainingUnits(linesOf(row), fulfilledUnits(row));
  const lineItems = input.lineItems ?? remaining;
  checkUnits(row, lineItems, remaining, CheckoutErrors.FULFILLMENT_EXCEEDS_ORDER);
  const carrier = input.carrier ?? 'OTHER';
  const trackingUrl = trackingUrlOf(carrier, input);
  const fulfillment: StoredFulfillment = {
    id: crypto.randomUUID(),
    createdDate: now.toISOString(),
    lineItems,
    carrier,
    ...(input.trackingNumber ? { trackingNumber: input.trackingNumber } : {}),
    ...(trackingUrl ? { trackingUrl } : {}),
  };
  const unitsLeft = remaining.reduce((sum, line) => sum + line.quantity, 0) - lineItems.reduce((sum, line) => sum + line.quantity, 0);
  const values: Updateable<OrdersTable> = {
    fulfillments: JSON.stringify([...fulfillmentsOf(row), fulfillment]),
    fulfillment_status: unitsLeft === 0 ? 'FULFILLED' : 'PARTIALLY_FULFILLED',
    fulfilled_date: unitsLeft === 0 ? now : null,
    tracking_number: fulfillment.trackingNumber ?? null,
    tracking_url: fulfillment.trackingUrl ?? null,
  };
  return { fulfillment, values };
}
