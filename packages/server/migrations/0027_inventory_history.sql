-- The inventory history (issue #24): every change of a variant's stock quantity, written in the
-- transaction of the change, with who made it (the event identity of the write), when and why.
-- Rows go with their variant: a variant removed (options changed, product deleted) takes its history.
CREATE TABLE inventory_changes (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  product_id uuid NOT NULL REFERENCES products(id) ON DELETE CASCADE,
  variant_id uuid NOT NULL REFERENCES product_variants(id) ON DELETE CASCADE,
  -- NULL: the variant did not count its stock (tracking off) before or after the change
  quantity_before integer,
  quantity_after integer,
  -- the spec's event identity: WIX_USER (a merchant in the console), APP (an API key), MEMBER,
  -- ANONYMOUS_VISITOR (a shopper's order), UNKNOWN (the system)
  actor_type text NOT NULL,
  actor_id text,
  -- INITIAL, RECEIVED, CORRECTION, DAMAGED, RETURNED, OTHER (merchant); ORDER, CANCELLATION, REFUND (orders)
  reason text NOT NULL,
  -- the order that took or gave back the units (no foreign key: the history outlives nothing it names)
  order_id uuid,
  note text,
  created_date timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX inventory_changes_variant_idx ON inventory_changes (variant_id, id DESC);
CREATE INDEX inventory_changes_product_idx ON inventory_changes (product_id);
