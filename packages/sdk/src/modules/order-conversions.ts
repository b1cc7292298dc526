/** The conversions of an order (wire paths), shared by the buyer's reads and the merchant's actions. */
import { address, join, pre } from './conversions.js';

/** An order's dates and addresses. */
export const ORDER = /* @__PURE__ */ join(
  {
    dates:
      'createdDate updatedDate paidDate fulfillmentInfo.fulfilledDate cancellation.canceledDate fulfillments.createdDate refunds.createdDate shippingInfo.deliveryTimeSlot.from shippingInfo.deliveryTimeSlot.to',
  },
  /* @__PURE__ */ address(/* @__PURE__ */ pre('shippingInfo', 'address pickup.address')),
  /* @__PURE__ */ address('billingInfo.address'),
);
