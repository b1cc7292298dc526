-- Merchant order actions (issue #7): mark as paid, fulfil (with tracking), cancel (stock given back).
-- A status keeps its column (0008, 0009); these record when it changed and what came with it.
ALTER TABLE orders ADD COLUMN paid_date timestamptz;
ALTER TABLE orders ADD COLUMN fulfilled_date timestamptz;
ALTER TABLE orders ADD COLUMN tracking_number text;
ALTER TABLE orders ADD COLUMN tracking_url text;
ALTER TABLE orders ADD COLUMN canceled_date timestamptz;
ALTER TABLE orders ADD COLUMN cancel_reason text;

-- What placement took from the catalogue: [{"productId", "variantId"?, "quantity"}] (no variantId:
-- the product's own quantity). Cancelling gives exactly these back. NULL for orders placed before
-- this migration: their lines say what was taken.
ALTER TABLE orders ADD COLUMN reserved_stock jsonb;

-- The order total as a number, for the merchant's sort by total (the totals JSON keeps the decimal text).
ALTER TABLE orders ADD COLUMN total numeric(18, 4) GENERATED ALWAYS AS ((totals ->> 'total')::numeric) STORED;

-- The merchant's order list filters by fulfilment status and sorts by number or total.
CREATE INDEX orders_fulfillment_idx ON orders (fulfillment_status, created_date DESC);
CREATE INDEX orders_total_idx ON orders (total);
