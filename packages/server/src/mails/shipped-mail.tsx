import { webLink } from '../platform/http/web-link.js';
import type { MailFulfilment } from './mail-data.js';
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

/** Shipped: one parcel (fulfilment) of the order, with its carrier, tracking number, tracking link and lines. */
export const shippedMail: MailTemplate<'shipped'> = {
  subject: (d, shop) => `Your order ${d.order.number} at ${shop.shopName} has shipped`,
  heading: () => 'Your order is on its way',
  Body({ data: { order, fulfilment } }) {
    const tracking = trackingLine(fulfilment);
    const url = webLink(fulfilment.trackingUrl);
    return (
      <>
        <Para>These items of order {order.number} have shipped:</Para>
        <AmountTable rows={fulfilment.lines.map((l) => ({ label: l.name, amount: `× ${l.quantity}` }))} />
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
    const url = webLink(fulfilment.trackingUrl);
    return [
      `These items of order ${order.number} have shipped:`,
      fulfilment.lines.map((l) => `${l.quantity} × ${l.name}`).join('\n'),
      trackingLine(fulfilment),
      url && `Track your parcel: ${url}`,
    ];
  },
};
