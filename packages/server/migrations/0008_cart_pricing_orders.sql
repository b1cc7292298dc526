-- The cart, the merchant's pricing configuration (coupons, shipping, tax, memberships), checkouts and
-- orders (issue #5). Money is exact numeric in the shop currency; the totals engine works in integer
-- minor units and rounds to the currency's exponent.

-- Shop-wide pricing settings: exactly one row.
CREATE TABLE shop_settings (
  id                     boolean PRIMARY KEY DEFAULT true CHECK (id),
  -- catalogue prices already contain tax (EU style) or tax is added on top (US style)
  tax_included_in_prices boolean NOT NULL DEFAULT false,
  -- MANUAL: the merchant's rates (tax_rates); AUTO: an automatic tax provider (none is built in, so
  -- estimates fall back to the manual rates with FALLBACK_RATE / AUTO_TAX_DEACTIVATED); NONE: no tax
  tax_mode               text NOT NULL DEFAULT 'MANUAL' CHECK (tax_mode IN ('MANUAL', 'AUTO', 'NONE')),
  -- whether shipping is taxed (at the rates of the shipping address)
  tax_shipping           boolean NOT NULL DEFAULT true,
  updated_date           timestamptz NOT NULL DEFAULT now()
);
INSERT INTO shop_settings DEFAULT VALUES;

CREATE TABLE coupons (
  id                 uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- what shoppers type; matched without regard to case
  code               text NOT NULL CHECK (length(code) BETWEEN 1 AND 64),
  name               text NOT NULL,
  -- PERCENT: value % off; AMOUNT: value off (shop currency); FREE_SHIPPING; FIXED_PRICE: each
  -- eligible unit costs value
  kind               text NOT NULL CHECK (kind IN ('PERCENT', 'AMOUNT', 'FREE_SHIPPING', 'FIXED_PRICE')),
  value              numeric(18, 4) NOT NULL DEFAULT 0 CHECK (value >= 0),
  -- which lines it applies to: all, some products, the products of some collections
  scope              text NOT NULL DEFAULT 'ALL' CHECK (scope IN ('ALL', 'PRODUCTS', 'COLLECTIONS')),
  scope_ids          uuid[] NOT NULL DEFAULT '{}',
  -- the eligible lines' subtotal must reach it
  minimum_subtotal   numeric(18, 4) CHECK (minimum_subtotal >= 0),
  starts_at          timestamptz,
  expires_at         timestamptz,
  -- NULL: unlimited; counted when an order is placed
  usage_limit        integer CHECK (usage_limit > 0),
  limit_per_customer integer CHECK (limit_per_customer > 0),
  times_used         integer NOT NULL DEFAULT 0 CHECK (times_used >= 0),
  active             boolean NOT NULL DEFAULT true,
  created_date       timestamptz NOT NULL DEFAULT now(),
  updated_date       timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX coupons_code_key ON coupons (lower(code));

-- Where the shop ships: a region is a set of countries, optionally narrowed to subdivisions.
CREATE TABLE shipping_regions (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name         text NOT NULL,
  -- ISO 3166-1 alpha-2 codes; '*' is the rest of the world (used when no other region matches)
  countries    text[] NOT NULL DEFAULT '{}',
  -- ISO 3166-2 codes (US-AK); empty: the whole countries
  subdivisions text[] NOT NULL DEFAULT '{}',
  position     integer NOT NULL DEFAULT 0,
  created_date timestamptz NOT NULL DEFAULT now()
);

-- How an order reaches the buyer in a region: delivered for a flat or weight-based price, or picked up.
CREATE TABLE shipping_options (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  region_id    uuid NOT NULL REFERENCES shipping_regions (id) ON DELETE CASCADE,
  -- what a selectedShippingOption names
  code         text NOT NULL UNIQUE,
  title        text NOT NULL,
  carrier_id   text NOT NULL DEFAULT 'vitrine',
  kind         text NOT NULL CHECK (kind IN ('FLAT', 'WEIGHT', 'PICKUP')),
  -- FLAT and PICKUP: the price; WEIGHT: the price above the last tier
  price        numeric(18, 4) NOT NULL DEFAULT 0 CHECK (price >= 0),
  -- WEIGHT: [{"upTo": "1", "price": "5.00"}, ...] ascending, in the shop's weight unit
  weight_tiers jsonb NOT NULL DEFAULT '[]',
  -- free when the discounted subtotal reaches it
  free_above   numeric(18, 4) CHECK (free_above >= 0),
  delivery_time text,
  -- PICKUP: {"method": "STORE_PICKUP" | "PICKUP_POINT", "address": {...}, "instructions": "..."}
  pickup       jsonb,
  -- [{"from": iso, "to": iso}]
  time_slots   jsonb NOT NULL DEFAULT '[]',
  position     integer NOT NULL DEFAULT 0,
  active       boolean NOT NULL DEFAULT true
);
CREATE INDEX shipping_options_region_idx ON shipping_options (region_id, position);

-- Manual tax rates; every rate whose place contains the address applies (country + state + city...).
CREATE TABLE tax_rates (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name                text NOT NULL,
  jurisdiction_type   text NOT NULL CHECK (jurisdiction_type IN ('COUNTRY', 'STATE', 'COUNTY', 'CITY', 'SPECIAL')),
  country             text NOT NULL,
  subdivision         text,
  county              text,
  city                text,
  -- SPECIAL districts by postal code; empty: no postal restriction
  postal_codes        text[] NOT NULL DEFAULT '{}',
  -- a fraction: 0.08875 is 8.875 %
  rate                numeric(9, 6) NOT NULL CHECK (rate >= 0 AND rate <= 1),
  applies_to_shipping boolean NOT NULL DEFAULT true,
  created_date        timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX tax_rates_country_idx ON tax_rates (country);

-- Plans the merchant sells or grants; a member holding one may pay eligible items with it.
CREATE TABLE membership_plans (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name         text NOT NULL,
  scope        text NOT NULL DEFAULT 'ALL' CHECK (scope IN ('ALL', 'PRODUCTS', 'COLLECTIONS')),
  scope_ids    uuid[] NOT NULL DEFAULT '{}',
  -- units it pays for in total; NULL: unlimited
  credits      integer CHECK (credits > 0),
  active       boolean NOT NULL DEFAULT true,
  created_date timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE member_memberships (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  plan_id           uuid NOT NULL REFERENCES membership_plans (id) ON DELETE CASCADE,
  member_id         uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  expires_at        timestamptz,
  credits_remaining integer CHECK (credits_remaining >= 0),
  created_date      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX member_memberships_member_idx ON member_memberships (member_id);

-- The current cart of a visitor or a member: one each (a member's replaces its visitor's on login).
-- Lines refer to the catalogue; prices are read from it every time, and frozen only in a checkout.
CREATE TABLE carts (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  visitor_id               uuid,
  member_id                uuid REFERENCES identities (id) ON DELETE CASCADE,
  -- bumped by every write (writers hold the row lock): the cart's version for callers and events
  revision                 integer NOT NULL DEFAULT 0,
  currency                 text NOT NULL,
  buyer_note               text,
  -- {address, contactDetails} as on the wire
  contact_info             jsonb,
  email                    text,
  -- {code, carrierId}
  selected_shipping_option jsonb,
  coupon_id                uuid REFERENCES coupons (id) ON DELETE SET NULL,
  -- [{"amount": "5.00"} | {"percentage": "10"}], merchant callers only
  merchant_discounts       jsonb NOT NULL DEFAULT '[]',
  checkout_id              uuid,
  created_date             timestamptz NOT NULL DEFAULT now(),
  updated_date             timestamptz NOT NULL DEFAULT now(),
  CHECK (visitor_id IS NOT NULL OR member_id IS NOT NULL)
);
CREATE UNIQUE INDEX carts_member_key ON carts (member_id) WHERE member_id IS NOT NULL;
CREATE UNIQUE INDEX carts_visitor_key ON carts (visitor_id) WHERE member_id IS NULL;

CREATE TABLE cart_line_items (
  id                      uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cart_id                 uuid NOT NULL REFERENCES carts (id) ON DELETE CASCADE,
  position                integer NOT NULL,
  quantity                integer NOT NULL CHECK (quantity > 0),
  -- catalogue lines: the reference as sent, and what it resolved to
  catalog_item_id         text,
  app_id                  text,
  catalog_options         jsonb,
  product_id              uuid,
  variant_id              uuid,
  -- custom lines (merchant callers): what the line shows, price included
  custom                  jsonb,
  catalog_override_fields jsonb,
  service_properties      jsonb,
  -- "the same item" (adding it again increments): app|item|variant, or the line id for custom lines
  merge_key               text NOT NULL,
  created_date            timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cart_id, merge_key)
);
CREATE INDEX cart_line_items_cart_idx ON cart_line_items (cart_id, position);

-- Answers of idempotent calls (add-to-cart, create-checkout), kept for a day.
CREATE TABLE idempotency_keys (
  -- visitor:<id> | member:<id> | app:<id>
  owner        text NOT NULL,
  operation    text NOT NULL,
  key          text NOT NULL,
  -- SHA-256 of the request body: the same key with another body is refused
  request_hash text NOT NULL,
  response     jsonb NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (owner, operation, key)
);
CREATE INDEX idempotency_keys_created_idx ON idempotency_keys (created_at);

-- A cart frozen for payment: lines, prices and totals as the buyer saw them.
CREATE TABLE checkouts (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  cart_id                  uuid,
  cart_revision            integer NOT NULL DEFAULT 0,
  visitor_id               uuid,
  member_id                uuid REFERENCES identities (id) ON DELETE SET NULL,
  channel_type             text NOT NULL DEFAULT 'WEB',
  currency                 text NOT NULL,
  email                    text,
  shipping_address         jsonb,
  billing_address          jsonb,
  -- {address, contactDetails}
  contact_info             jsonb,
  selected_shipping_option jsonb,
  buyer_note               text,
  coupon_id                uuid REFERENCES coupons (id) ON DELETE SET NULL,
  merchant_discounts       jsonb NOT NULL DEFAULT '[]',
  -- the frozen lines: [{lineItemId, productId, variantId, name, quantity, price, fullPrice, ...}]
  line_items               jsonb NOT NULL,
  status                   text NOT NULL DEFAULT 'OPEN' CHECK (status IN ('OPEN', 'COMPLETED')),
  order_id                 uuid,
  created_date             timestamptz NOT NULL DEFAULT now(),
  updated_date             timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checkouts_cart_idx ON checkouts (cart_id);

CREATE SEQUENCE order_numbers START 10001;

CREATE TABLE orders (
  id                uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  number            bigint NOT NULL UNIQUE DEFAULT nextval('order_numbers'),
  checkout_id       uuid NOT NULL UNIQUE REFERENCES checkouts (id),
  visitor_id        uuid,
  member_id         uuid REFERENCES identities (id) ON DELETE SET NULL,
  email             text NOT NULL,
  currency          text NOT NULL,
  status            text NOT NULL DEFAULT 'APPROVED' CHECK (status IN ('APPROVED', 'CANCELED')),
  payment_status    text NOT NULL DEFAULT 'NOT_PAID' CHECK (payment_status IN ('NOT_PAID', 'PENDING', 'PAID')),
  -- the payment provider's id of the method (bank-transfer, pay-on-pickup...)
  payment_method    text NOT NULL,
  coupon_id         uuid REFERENCES coupons (id) ON DELETE SET NULL,
  line_items        jsonb NOT NULL,
  -- the totals at placement, as the estimate computed them (priceSummary, taxSummary, shipping...)
  totals            jsonb NOT NULL,
  shipping_address  jsonb,
  billing_address   jsonb,
  contact_info      jsonb,
  shipping_option   jsonb,
  created_date      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_member_idx ON orders (member_id, created_date DESC) WHERE member_id IS NOT NULL;
CREATE INDEX orders_created_idx ON orders (created_date DESC);
