import type { Order, OrderLineQuantity } from '@vitrine/sdk';
import { dateTime, money } from '../lib/format.js';

/** `2 × Mug, 1 × Tee` for units of the order's lines. */
const unitsText = (order: Order, units: OrderLineQuantity[] = []) =>
  units.map((unit) => `${unit.quantity} × ${order.lineItems?.find((line) => line._id === unit.lineItemId)?.name ?? 'item'}`).join(', ');

/**
 * The order's parcels (carrier, tracking link) and refunds (amount, items, reason), oldest first. A
 * pickup order's fulfilments are the items made ready for the buyer to collect: no carrier.
 */
export function OrderHistory({ order }: { order: Order }) {
  const pickup = Boolean(order.shippingInfo?.pickup);
  const fulfillments = order.fulfillments ?? [];
  const refunds = order.refunds ?? [];
  return (
    <>
      {fulfillments.length ? (
        <>
          <h2>{pickup ? 'Ready for pickup' : 'Fulfilments'}</h2>
          <ol className="history" data-testid="order-fulfillments">
            {fulfillments.map((fulfillment) => (
              <li key={fulfillment._id}>
                <strong>{unitsText(order, fulfillment.lineItems)}</strong>
                <span className="muted">
                  {' '}
                  · {pickup ? 'ready' : fulfillment.carrier?.name} · {dateTime(fulfillment._createdDate)}
                </span>
                {fulfillment.trackingNumber ? (
                  <>
                    <br />
                    Tracking:{' '}
                    {fulfillment.trackingUrl ? (
                      <a href={fulfillment.trackingUrl} rel="noreferrer noopener" target="_blank">
                        {fulfillment.trackingNumber}
                      </a>
                    ) : (
                      fulfillment.trackingNumber
                    )}
                  </>
                ) : fulfillment.trackingUrl ? (
                  <>
                    <br />
                    <a href={fulfillment.trackingUrl} rel="noreferrer noopener" target="_blank">
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
            {refunds.map((refund) => (
              <li key={refund._id}>
                <strong>{money(refund.amount, order.currency)}</strong>
                {refund.lineItems?.length ? ` for ${unitsText(order, refund.lineItems)}${refund.restock ? ' (back in stock)' : ''}` : ''}
                <span className="muted"> · {dateTime(refund._createdDate)}</span>
                <br />
                {refund.reason}
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
