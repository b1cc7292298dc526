import { webLink } from '../platform/http/web-link.js';
import type { MailFulfilment, MailPickup } from './mail-data.js';
import { AmountTable, Para } from './mail-layout.js';
import type { MailTemplate } from './mail-template.js';

/** "Carrier: DHL · Tracking number: 123": the carrier and the number, as far as known. */
function trackingLine(fulfilment: MailFulfilment): string | undefined {
  const parts = [
    fulfilment.carrierName && `Carrier: ${fulfilment.carrierName}`,
    fulfilment.trackingNumber && `Tracking number: ${fulfilment.trackingNumber}`,
  ];
  return parts.filter(Boolean).join(' · ') || undefined;
}

/** The line that opens the mail: what was sent, or what is ready to collect and where. */
function openingLine(orderNumber: string, pickup: MailPickup | undefined): string {
  return pickup
    ? `These items of order ${orderNumber} are ready for you to collect at ${pickup.place}:`
    : `These items of order ${orderNumber} have shipped:`;
}

/**
 * Shipped: one parcel (fulfilment) of the order, with its carrier, tracking number, tracking link and
 * lines. For a pickup order the same step means the items are ready: the mail says where and when to
 * collect them and what the shop asks, and has no tracking.
 */
export const shippedMail: MailTemplate<'shipped'> = {
  subject: (d, shop) =>
    d.fulfilment.pickup
      ? `Your order ${d.order.number} at ${shop.shopName} is ready for pickup`
      : `Your order ${d.order.number} at ${shop.shopName} has shipped`,
  heading: (d) => (d.fulfilment.pickup ? 'Your order is ready for pickup' : 'Your order is on its way'),
  Body({ data: { order, fulfilment } }) {
    const { pickup } = fulfilment;
    const tracking = pickup ? undefined : trackingLine(fulfilment);
    const url = pickup ? undefined : webLink(fulfilment.trackingUrl);
    return (
      <>
        <Para>{openingLine(order.number, pickup)}</Para>
        <AmountTable rows={fulfilment.lines.map((l) => ({ label: l.name, amount: `× ${l.quantity}` }))} />
        {pickup?.time ? <Para>Pickup time: {pickup.time}</Para> : null}
        {pickup?.instructions ? <Para>{pickup.instructions}</Para> : null}
        {tracking ? <Para>{tracking}</Para> : null}
        {url ? (
          <Para>
            <a href={url} style={{ color: '#1d4ed8' }}>
              Track your parcel
            </a>
          </Para>
        ) : null}
      </>
    );
  },
  textBody: ({ order, fulfilment }) => {
    const { pickup } = fulfilment;
    const url = pickup ? undefined : webLink(fulfilment.trackingUrl);
    return [
      openingLine(order.number, pickup),
      fulfilment.lines.map((l) => `${l.quantity} × ${l.name}`).join('\n'),
      pickup?.time && `Pickup time: ${pickup.time}`,
      pickup?.instructions,
      pickup ? undefined : trackingLine(fulfilment),
      url && `Track your parcel: ${url}`,
    ];
  },
};
