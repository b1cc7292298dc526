-- After the order (issue #20, points 4 and 7): the guest's order-status link, guest orders claimed by
-- the member who proves the e-mail, and the order's timeline with the merchant's internal notes.

-- The HMAC secret that signs order-status links (`/orders/{id}/status?token=…`). The newest one not
-- retired signs and verifies; rotating retires it, so every link issued before stops working.
CREATE TABLE order_link_secrets (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  secret      text NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  retired_at  timestamptz
);
-- One active secret: processes starting at once race to make the first, and only one insert wins.
CREATE UNIQUE INDEX order_link_secrets_active_key ON order_link_secrets ((true)) WHERE retired_at IS NULL;

-- Guest orders (no member) by e-mail, for the member who signs in with that e-mail verified.
CREATE INDEX orders_guest_email_idx ON orders (lower(email)) WHERE member_id IS NULL;

-- Every change of an order, who made it (the event identity: merchant, API key, buyer, system) and
-- when. `kind` is open text (PLACED, PAID, FULFILLED, CANCELED, EMAIL_SENT, NOTE, ...): new actions
-- add kinds without a migration. A NOTE keeps its text in `note` until removed; the row stays, with
-- who removed it and when.
CREATE TABLE order_activities (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  order_id      uuid NOT NULL REFERENCES orders (id) ON DELETE CASCADE,
  kind          text NOT NULL,
  who           jsonb NOT NULL,
  detail        jsonb NOT NULL DEFAULT '{}',
  note          text,
  created_date  timestamptz NOT NULL DEFAULT clock_timestamp(),
  removed_date  timestamptz,
  removed_by    jsonb
);
CREATE INDEX order_activities_order_idx ON order_activities (order_id, created_date DESC);
