-- The catalogue (spec §3 Product, Collection; issue #4). Money is exact (numeric) in storage and
-- rounded to the currency's precision by the services; derived ranges are kept by the services on
-- every write, in the same transaction, so reads and sorting need no aggregation.

CREATE TABLE products (
  id                       uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name                     text NOT NULL,
  slug                     text NOT NULL,
  description              text NOT NULL DEFAULT '',
  product_type             text NOT NULL DEFAULT 'physical' CHECK (product_type IN ('physical', 'digital')),
  visible                  boolean NOT NULL DEFAULT true,
  sku                      text,
  brand                    text,
  ribbon                   text,
  currency                 text NOT NULL DEFAULT 'USD',
  price                    numeric(18, 4) NOT NULL DEFAULT 0 CHECK (price >= 0),
  discount_type            text NOT NULL DEFAULT 'NONE' CHECK (discount_type IN ('NONE', 'AMOUNT', 'PERCENT')),
  discount_value           numeric(18, 4) NOT NULL DEFAULT 0 CHECK (discount_value >= 0),
  cost                     numeric(18, 4) CHECK (cost >= 0),
  weight                   numeric(12, 4) CHECK (weight >= 0),
  track_inventory          boolean NOT NULL DEFAULT false,
  in_stock                 boolean NOT NULL DEFAULT true,
  quantity                 integer CHECK (quantity >= 0),
  -- {totalQuantity, totalMeasurementUnit, baseQuantity, baseMeasurementUnit}
  price_per_unit           jsonb,
  manage_variants          boolean NOT NULL DEFAULT false,
  -- [{name, optionType: drop_down|color, choices: [{value, description, media?}]}]
  product_options          jsonb NOT NULL DEFAULT '[]',
  -- [{id, mediaType, title?, image?{url,width,height,altText}, video?{...}, choice?{option, value}}] in display order
  media                    jsonb NOT NULL DEFAULT '[]',
  additional_info_sections jsonb NOT NULL DEFAULT '[]',
  custom_text_fields       jsonb NOT NULL DEFAULT '[]',
  seo_data                 jsonb,
  -- Derived (kept by the catalogue service): discounted price range over the visible variants,
  -- cost and weight ranges, and the inventory status over all variants.
  price_min                numeric(18, 4) NOT NULL DEFAULT 0,
  price_max                numeric(18, 4) NOT NULL DEFAULT 0,
  cost_min                 numeric(18, 4),
  cost_max                 numeric(18, 4),
  weight_min               numeric(12, 4),
  weight_max               numeric(12, 4),
  inventory_status         text NOT NULL DEFAULT 'IN_STOCK' CHECK (inventory_status IN ('IN_STOCK', 'OUT_OF_STOCK', 'PARTIALLY_OUT_OF_STOCK')),
  created_date             timestamptz NOT NULL DEFAULT now(),
  last_updated             timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX products_slug_key ON products (slug);
CREATE INDEX products_name_idx ON products (lower(name) text_pattern_ops, id);
CREATE INDEX products_price_idx ON products (price_min, id);
CREATE INDEX products_last_updated_idx ON products (last_updated, id);
CREATE INDEX products_created_idx ON products (created_date, id);
CREATE INDEX products_sku_idx ON products (sku) WHERE sku IS NOT NULL;
CREATE INDEX products_brand_idx ON products (brand) WHERE brand IS NOT NULL;

-- One row per choice combination (a product without options has one default variant).
CREATE TABLE product_variants (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  product_id  uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  -- {"Size": "L", "Color": "Red"}
  choices     jsonb NOT NULL DEFAULT '{}',
  -- canonical form of choices ("Color=Red|Size=L", option names sorted) for uniqueness and lookups
  choices_key text NOT NULL,
  position    integer NOT NULL DEFAULT 0,
  sku         text,
  -- overrides; NULL means "the product's"
  price       numeric(18, 4) CHECK (price >= 0),
  cost        numeric(18, 4) CHECK (cost >= 0),
  weight      numeric(12, 4) CHECK (weight >= 0),
  visible     boolean NOT NULL DEFAULT true,
  in_stock    boolean NOT NULL DEFAULT true,
  quantity    integer CHECK (quantity >= 0),
  UNIQUE (product_id, choices_key)
);
CREATE INDEX product_variants_product_idx ON product_variants (product_id, position);

CREATE TABLE collections (
  id           uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name         text NOT NULL,
  slug         text NOT NULL,
  description  text NOT NULL DEFAULT '',
  visible      boolean NOT NULL DEFAULT true,
  -- {mainMedia?, items: [...]} as on the wire
  media        jsonb NOT NULL DEFAULT '{}',
  created_date timestamptz NOT NULL DEFAULT now(),
  updated_date timestamptz NOT NULL DEFAULT now()
);
CREATE UNIQUE INDEX collections_slug_key ON collections (slug);
CREATE INDEX collections_name_idx ON collections (lower(name), id);

CREATE TABLE product_collections (
  collection_id uuid NOT NULL REFERENCES collections (id) ON DELETE CASCADE,
  product_id    uuid NOT NULL REFERENCES products (id) ON DELETE CASCADE,
  added_at      timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (collection_id, product_id)
);
CREATE INDEX product_collections_product_idx ON product_collections (product_id);

-- Files merchants upload (images, video...): stored under the data dir, served by the server.
CREATE TABLE media_files (
  id           text PRIMARY KEY,
  file_name    text NOT NULL,
  content_type text NOT NULL,
  size_bytes   bigint NOT NULL,
  width        integer,
  height       integer,
  storage_key  text NOT NULL,
  created_at   timestamptz NOT NULL DEFAULT now()
);
