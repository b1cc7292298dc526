/**
 * The parcels of a member's order as its page lists them (#20), like the hosted order-status page:
 * each fulfilment, oldest first, with its carrier, tracking number and link, and what it holds. An
 * order fulfilled whole before parcels were recorded has its one tracking (`fulfillmentInfo`).
 */
import type { Order } from '@vitrine/sdk';

/** One parcel in words: when it was sent, by whom, its tracking, and "2 × Mug" per line it holds. */
export interface ParcelView {
  key: string;
  sentDate?: Date | string;
  /** the carrier's name; absent for "other carrier" */
  carrier?: string;
  trackingNumber?: string;
  /** an http(s) page only: a link taken from data never becomes a script */
  trackingUrl?: string;
  items: { lineItemId: string; name: string; quantity: number }[];
}

/** The link when it is an absolute http(s) URL, else nothing. */
function webLinkOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const { protocol } = new URL(url);
    return protocol === 'https:' || protocol === 'http:' ? url : undefined;
  } catch {
    return undefined;
  }
}

/** The order's parcels, oldest first. */
export function parcelsOf(order: Order): ParcelView[] {
  const names = new Map((order.lineItems ?? []).map((line) => [line._id, line.name ?? 'Item']));
  const fulfillments = order.fulfillments ?? [];
  if (fulfillments.length > 0) {
    return fulfillments.map((fulfillment, i) => ({
      key: fulfillment._id ?? String(i),
      sentDate: fulfillment._createdDate,
      ...(fulfillment.carrier?.code !== 'OTHER' && fulfillment.carrier?.name ? { carrier: fulfillment.carrier.name } : {}),
      trackingNumber: fulfillment.trackingNumber || undefined,
      trackingUrl: webLinkOf(fulfillment.trackingUrl),
      items: (fulfillment.lineItems ?? []).map((unit) => ({
        lineItemId: unit.lineItemId,
        name: names.get(unit.lineItemId) ?? 'Item',
        quantity: unit.quantity,
      })),
    }));
  }
  const info = order.fulfillmentInfo;
  if (!info || (!info.trackingNumber && !info.trackingUrl && !info.fulfilledDate)) return [];
  return [
    {
      key: 'fulfilment',
      sentDate: info.fulfilledDate,
      trackingNumber: info.trackingNumber || undefined,
      trackingUrl: webLinkOf(info.trackingUrl),
      items: [],
    },
  ];
}
