-- Partial fulfilment with carriers, and refunds (issue #20). An order is shipped in one or more
-- fulfilments and refunded in one or more refunds; both are kept on the order row, as its lines are,
-- because they are only ever read and written with the order (under its row lock).

-- [{"id", "createdDate", "lineItems": [{"lineItemId", "quantity"}], "carrier", "trackingNumber"?,
--   "trackingUrl"?}]: carrier is a code of the SDK's SHIPPING_CARRIERS or OTHER.
ALTER TABLE orders ADD COLUMN fulfillments jsonb NOT NULL DEFAULT '[]';

-- [{"id", "createdDate", "amount" (decimal text in the order currency), "lineItems": [{"lineItemId",
--   "quantity"}], "reason", "restocked": [{"productId", "variantId"?, "quantity"}],
--   "providerRefundId"?}]: restocked is what the refund gave back to the catalogue.
ALTER TABLE orders ADD COLUMN refunds jsonb NOT NULL DEFAULT '[]';

ALTER TABLE orders DROP CONSTRAINT orders_payment_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_payment_status_check
  CHECK (payment_status IN ('NOT_PAID', 'PENDING', 'PAID', 'PARTIALLY_REFUNDED', 'FULLY_REFUNDED'));

ALTER TABLE orders DROP CONSTRAINT orders_fulfillment_status_check;
ALTER TABLE orders ADD CONSTRAINT orders_fulfillment_status_check
  CHECK (fulfillment_status IN ('NOT_FULFILLED', 'PARTIALLY_FULFILLED', 'FULFILLED'));
