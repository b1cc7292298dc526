-- Merchant order tools (issue #5): when an order last changed, and whether it has been fulfilled.
-- Cancelling keeps status CANCELED (0008); paying moves payment_status to PAID (0008).
ALTER TABLE orders ADD COLUMN updated_date timestamptz;
UPDATE orders SET updated_date = created_date;
ALTER TABLE orders ALTER COLUMN updated_date SET DEFAULT now();
ALTER TABLE orders ALTER COLUMN updated_date SET NOT NULL;

ALTER TABLE orders ADD COLUMN fulfillment_status text NOT NULL DEFAULT 'NOT_FULFILLED'
  CHECK (fulfillment_status IN ('NOT_FULFILLED', 'FULFILLED'));

-- The merchant's order list filters by status and pages newest first.
CREATE INDEX orders_status_idx ON orders (status, payment_status, created_date DESC);
