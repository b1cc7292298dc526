import type { Order } from '@vitrine/sdk';
import { chosenTimeText } from '@vitrine/sdk/wording';

/** The time the buyer chose for the delivery or pickup, in the zone they read it in; nothing when they chose none. */
export function OrderChosenTime({ shipping }: { shipping: Order['shippingInfo'] }) {
  const time = chosenTimeText(shipping?.deliveryTimeSlot);
  if (!time) return null;
  return (
    <p data-testid="order-chosen-time">
      <strong>{shipping?.pickup ? 'Pickup time' : 'Delivery time'}:</strong> {time}
    </p>
  );
}
