import type { Order } from '@vitrine/sdk';
import { parcelsOf } from '../lib/order-parcels.js';

/**
 * Every parcel of the order (#20): sent when and with which carrier, its tracking number as a link
 * to the carrier's page, and the items with their quantities. Nothing while nothing was sent.
 */
export function OrderParcels({ order, dateOf }: { order: Order; dateOf: (d: Date | string | undefined) => string }) {
  const parcels = parcelsOf(order);
  if (!parcels.length) return null;
  return (
    <section aria-labelledby="order-parcels-title">
      <h2 id="order-parcels-title">{parcels.length === 1 ? 'Parcel' : 'Parcels'}</h2>
      <ol className="account-order__parcels" data-testid="order-parcels">
        {parcels.map((p) => (
          <li key={p.key} data-testid="order-parcel">
            <span>{[p.sentDate ? `Sent ${dateOf(p.sentDate)}` : 'Sent', p.carrier && `with ${p.carrier}`].filter(Boolean).join(' ')}</span>
            {p.trackingNumber || p.trackingUrl ? (
              <span>
                {'Tracking: '}
                {p.trackingUrl ? (
                  <a href={p.trackingUrl} rel="noopener noreferrer" target="_blank">
                    {p.trackingNumber ?? 'follow the parcel'}
                  </a>
                ) : (
                  p.trackingNumber
                )}
              </span>
            ) : null}
            {p.items.length ? (
              <ul className="account-order__parcel-items">
                {p.items.map((item) => (
                  <li key={item.lineItemId}>
                    {item.quantity} × {item.name}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ol>
    </section>
  );
}
