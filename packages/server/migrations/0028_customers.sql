-- The merchant's customers (issue #24): members, and guests known by the e-mail of their orders.
-- The list aggregates orders per member and per guest e-mail; these indexes let it read them in
-- index order with the columns it sums, and let a customer's page read their orders newest first.

-- A guest's orders (no member) by e-mail, newest first, with what the totals need.
CREATE INDEX orders_guest_customer_idx ON orders (lower(email), created_date DESC) INCLUDE (currency, total, status)
  WHERE member_id IS NULL;
-- A member's orders with what the totals need (0008's orders_member_idx orders them by date).
CREATE INDEX orders_member_customer_idx ON orders (member_id) INCLUDE (currency, total, status, created_date)
  WHERE member_id IS NOT NULL;
-- The members, newest first (the list's members without orders).
CREATE INDEX identities_members_idx ON identities (created_date DESC) WHERE role = 'member';
