import type { Order } from '@vitrine/sdk';
import { parcelsOf } from '../lib/order-parcels.js';

/**
 * Every parcel of the order (#20): sent when and with which carrier, its tracking number as a link
 * to the carrier's page, and the items with their quantities. Nothing while nothing was sent. For an
 * order the buyer collects, the items the shop made ready, and when.
 */
export function OrderParcels({ order, dateOf }: { order: Order; dateOf: (date: Date | string | undefined) => string }) {
  const parcels = parcelsOf(order);
  if (!parcels.length) return null;
  const pickup = Boolean(order.shippingInfo?.pickup);
  const heading = pickup ? 'Ready for pickup' : parcels.length === 1 ? 'Parcel' : 'Parcels';
  return (
    <section aria-labelledby="order-parcels-title">
      <h2 id="order-parcels-title">{heading}</h2>
      <ol className="account-order__parcels" data-testid="order-parcels">
        {parcels.map((parcel) => (
          <li key={parcel.key} data-testid="order-parcel">
            <span>
              {pickup
                ? `Ready ${dateOf(parcel.sentDate)}`.trim()
                : [parcel.sentDate ? `Sent ${dateOf(parcel.sentDate)}` : 'Sent', parcel.carrier && `with ${parcel.carrier}`]
                    .filter(Boolean)
                    .join(' ')}
            </span>
            {parcel.trackingNumber || parcel.trackingUrl ? (
              <span>
                {'Tracking: '}
                {parcel.trackingUrl ? (
                  <a href={parcel.trackingUrl} rel="noopener noreferrer" target="_blank">
                    {parcel.trackingNumber ?? 'follow the parcel'}
                  </a>
                ) : (
                  parcel.trackingNumber
                )}
              </span>
            ) : null}
            {parcel.items.length ? (
              <ul className="account-order__parcel-items">
                {parcel.items.map((item) => (
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
