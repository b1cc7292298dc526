-- The shop's own details and its payment methods (issue #20): what used to be read from the
-- environment (SHOP_NAME, MAIL_FROM, PAYMENT_BANK_TRANSFER_INSTRUCTIONS) is kept here and edited by
-- the merchant. The first start after this migration copies the environment's values into the NULL
-- columns (`seeded_from_config`), so an existing shop looks the same until the merchant changes it.

-- The shop's details: exactly one row.
CREATE TABLE shop_profile (
  id                  boolean PRIMARY KEY DEFAULT true CHECK (id),
  shop_name           text,
  contact_email       text,
  -- the spec's Address shape (country, subdivision, city, postalCode, addressLine...)
  address             jsonb,
  -- the From of every e-mail
  sender_name         text,
  sender_email        text,
  -- IANA time zone (dates shown to the buyer and the merchant)
  time_zone           text NOT NULL DEFAULT 'UTC',
  -- put before the number of every order placed from now on ("SHOP-" -> "SHOP-10001")
  order_number_prefix text NOT NULL DEFAULT '',
  -- whether the first start copied the environment's values in
  seeded_from_config  boolean NOT NULL DEFAULT false,
  updated_date        timestamptz NOT NULL DEFAULT now()
);
INSERT INTO shop_profile DEFAULT VALUES;

-- One row per way to pay. `details` is what the buyer may be shown (bank details, a publishable
-- key); `secrets` is what only the server reads (a card processor's secret keys): never answered.
CREATE TABLE payment_methods (
  id           text PRIMARY KEY CHECK (id IN ('card', 'bank-transfer', 'cash-on-delivery', 'pay-on-pickup')),
  enabled      boolean NOT NULL,
  details      jsonb NOT NULL DEFAULT '{}',
  secrets      jsonb NOT NULL DEFAULT '{}',
  -- the order the hosted checkout lists them in
  position     integer NOT NULL,
  updated_date timestamptz NOT NULL DEFAULT now()
);
-- Today's shop: bank transfer, and pay on pickup for pickup orders.
INSERT INTO payment_methods (id, enabled, position) VALUES
  ('card', false, 1),
  ('bank-transfer', true, 2),
  ('cash-on-delivery', false, 3),
  ('pay-on-pickup', true, 4);

-- The prefix the order was numbered with (orders placed before keep their bare number).
ALTER TABLE orders ADD COLUMN number_prefix text NOT NULL DEFAULT '';
