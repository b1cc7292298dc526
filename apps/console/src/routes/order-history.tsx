import type { Order, OrderLineQuantity } from '@vitrine/sdk';
import { dateTime, money } from '../lib/format.js';

/** `2 × Mug, 1 × Tee` for units of the order's lines. */
const unitsText = (order: Order, units: OrderLineQuantity[] = []) =>
  units.map((u) => `${u.quantity} × ${order.lineItems?.find((l) => l._id === u.lineItemId)?.name ?? 'item'}`).join(', ');

/** The order's parcels (carrier, tracking link) and refunds (amount, items, reason), oldest first. */
export function OrderHistory({ order }: { order: Order }) {
  const fulfillments = order.fulfillments ?? [];
  const refunds = order.refunds ?? [];
  return (
    <>
      {fulfillments.length ? (
        <>
          <h2>Fulfilments</h2>
          <ol className="history" data-testid="order-fulfillments">
            {fulfillments.map((f) => (
              <li key={f._id}>
                <strong>{unitsText(order, f.lineItems)}</strong>
                <span className="muted">
                  {' '}
                  · {f.carrier?.name} · {dateTime(f._createdDate)}
                </span>
                {f.trackingNumber ? (
                  <>
                    <br />
                    Tracking:{' '}
                    {f.trackingUrl ? (
                      <a href={f.trackingUrl} rel="noreferrer noopener" target="_blank">
                        {f.trackingNumber}
                      </a>
                    ) : (
                      f.trackingNumber
                    )}
                  </>
                ) : f.trackingUrl ? (
                  <>
                    <br />
                    <a href={f.trackingUrl} rel="noreferrer noopener" target="_blank">
                      Tracking page
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ol>
        </>
      ) : null}
      {refunds.length ? (
        <>
          <h2>Refunds</h2>
          <ol className="history" data-testid="order-refunds">
            {refunds.map((r) => (
              <li key={r._id}>
                <strong>{money(r.amount, order.currency)}</strong>
                {r.lineItems?.length ? ` for ${unitsText(order, r.lineItems)}${r.restock ? ' (back in stock)' : ''}` : ''}
                <span className="muted"> · {dateTime(r._createdDate)}</span>
                <br />
                {r.reason}
              </li>
            ))}
          </ol>
          <p>
            Refunded in all: <strong data-testid="order-refunded-total">{money(order.refundedTotal, order.currency)}</strong>
          </p>
        </>
      ) : null}
    </>
  );
}
