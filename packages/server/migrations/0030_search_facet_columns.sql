-- Search at 100k products (issue #22). A search's match set comes from the GIN index of
-- product_search; looking each match up in products (one random heap read per match, thousands for
-- a common word) cost more than the rest of the search. So each search row carries what search
-- filters, counts and pages by, and a search and its facets read product_search alone:
-- visibility, the listed price, in stock, on sale, the product's collections and its option choices.
ALTER TABLE product_search
  ADD COLUMN visible boolean NOT NULL DEFAULT false,
  ADD COLUMN price_min numeric(18, 4) NOT NULL DEFAULT 0,
  ADD COLUMN in_stock boolean NOT NULL DEFAULT false,
  ADD COLUMN on_sale boolean NOT NULL DEFAULT false,
  ADD COLUMN collection_ids uuid[] NOT NULL DEFAULT '{}',
  -- "<option name> U+001F <choice label>": what a choice facet selects (`&&` any of them).
  ADD COLUMN choice_keys text[] NOT NULL DEFAULT '{}',
  -- "<option name> U+001F <choice label> U+001F <option type> U+001F <swatch or ''>": what it shows
  -- (one per choice of the product).
  ADD COLUMN choice_looks text[] NOT NULL DEFAULT '{}';

-- A choice's label is its description unless that is empty or a colour code, else its value (the
-- cart names choices the same way, cart-items.ts); its swatch is a colour code it holds.
CREATE FUNCTION product_search_copy_facets() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.visible,
         p.price_min,
         p.inventory_status <> 'OUT_OF_STOCK',
         p.discount_type <> 'NONE' AND p.discount_value > 0,
         coalesce((SELECT array_agg(pc.collection_id ORDER BY pc.collection_id)
                   FROM product_collections pc WHERE pc.product_id = p.id), '{}'),
         coalesce(choices.keys, '{}'),
         coalesce(choices.looks, '{}')
  INTO NEW.visible, NEW.price_min, NEW.in_stock, NEW.on_sale, NEW.collection_ids, NEW.choice_keys, NEW.choice_looks
  FROM products p
  LEFT JOIN LATERAL (
    SELECT array_agg(c.name || E'\x1f' || c.label ORDER BY c.name, c.label) AS keys,
           array_agg(concat_ws(E'\x1f', c.name, c.label, c.type, c.swatch) ORDER BY c.name, c.label) AS looks
    FROM (
    -- One look per choice (name and label), so that counting looks counts products.
    SELECT c.name, c.label, coalesce(max(c.type), '') AS type, coalesce(min(c.swatch), '') AS swatch
    FROM (
      SELECT option ->> 'name' AS name,
             option ->> 'optionType' AS type,
             CASE WHEN coalesce(choice ->> 'description', '') <> ''
                       AND choice ->> 'description' !~* '^#([0-9a-f]{3}|[0-9a-f]{6})$'
                  THEN choice ->> 'description' ELSE choice ->> 'value' END AS label,
             CASE WHEN choice ->> 'value' ~* '^#([0-9a-f]{3}|[0-9a-f]{6})$' THEN lower(choice ->> 'value')
                  WHEN choice ->> 'description' ~* '^#([0-9a-f]{3}|[0-9a-f]{6})$' THEN lower(choice ->> 'description') END AS swatch
      FROM jsonb_array_elements(p.product_options) AS option, jsonb_array_elements(option -> 'choices') AS choice
    ) c
    WHERE c.name IS NOT NULL AND c.label IS NOT NULL
    GROUP BY c.name, c.label
    ) c
  ) choices ON TRUE
  WHERE p.id = NEW.product_id;
  RETURN NEW;
END $$;

-- Every write of a search row (the catalogue's writers and the bulk load, search-document-store.ts,
-- which run after the product's collections are written) copies them from the product.
CREATE TRIGGER product_search_facets BEFORE INSERT OR UPDATE ON product_search
  FOR EACH ROW EXECUTE FUNCTION product_search_copy_facets();

-- A product changed by anything else (stock taken by an order, a price or visibility change) has
-- its search row rewritten in the same transaction.
CREATE FUNCTION products_touch_search() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE product_search SET product_id = product_id WHERE product_id = NEW.id;
  RETURN NULL;
END $$;

CREATE TRIGGER products_search_facets AFTER UPDATE ON products
  FOR EACH ROW
  WHEN (OLD.visible IS DISTINCT FROM NEW.visible
     OR OLD.price_min IS DISTINCT FROM NEW.price_min
     OR OLD.inventory_status IS DISTINCT FROM NEW.inventory_status
     OR OLD.discount_type IS DISTINCT FROM NEW.discount_type
     OR OLD.discount_value IS DISTINCT FROM NEW.discount_value
     OR OLD.product_options IS DISTINCT FROM NEW.product_options)
  EXECUTE FUNCTION products_touch_search();

-- The rows already there. Rewriting every search row takes longer than a statement may (about 18 s
-- for 100k products on a busy machine, past DATABASE_STATEMENT_TIMEOUT_MS, which `migrate` runs
-- with): this migration's transaction lifts the limit for itself.
SET LOCAL statement_timeout = 0;
UPDATE product_search SET product_id = product_id;
