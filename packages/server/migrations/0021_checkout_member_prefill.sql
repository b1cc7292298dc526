-- When the hosted checkout page filled a member's checkout with their e-mail, name and last used
-- address (issue #19). Set once, on the page's first showing: a field the shopper empties afterwards
-- stays empty, and the prefill never runs over what the shopper or create-checkout gave.
ALTER TABLE checkouts ADD COLUMN member_prefilled_at timestamptz;
