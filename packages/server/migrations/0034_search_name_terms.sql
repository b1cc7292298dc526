-- Suggestions at 100k products (issue #22). A word being typed ("co") is a prefix of words most of
-- a big catalogue has; the GIN index of product_search can only answer it with every match at once
-- (a bitmap of 45,000 products for "co:*", 9 ms), though a suggestion ranks 200 at most. A btree of
-- the words of visible products' names is read in order and stops at the 200th: suggestions look
-- there first (search-suggest-store.ts) and use the documents only when no name has the words.

-- One row per word (as the `vitrine_search` configuration stems it) of a visible product's name.
-- Collation "C": a prefix is a range of the key.
CREATE TABLE search_name_terms (
  term       text COLLATE "C" NOT NULL,
  product_id uuid NOT NULL REFERENCES product_search (product_id) ON DELETE CASCADE,
  PRIMARY KEY (term, product_id)
);
-- The trigger below finds a product's rows along (product_id, term) when its name or visibility changes.
CREATE INDEX search_name_terms_product_idx ON search_name_terms (product_id, term);

-- The name's words are the document's weight-A lexemes (search-document-store.ts writes the name
-- alone with weight A). Rewritten when the document or the visibility changes, not on the stock and
-- price changes that rewrite search rows far more often (migration 0030).
CREATE FUNCTION product_search_name_terms() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_name_terms WHERE product_id = NEW.product_id;
  IF NEW.visible THEN
    INSERT INTO search_name_terms (term, product_id)
    SELECT DISTINCT lexeme, NEW.product_id FROM unnest(NEW.document) AS u(lexeme, positions, weights)
    WHERE 'A' = ANY (weights);
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER product_search_name_terms_inserted AFTER INSERT ON product_search
  FOR EACH ROW EXECUTE FUNCTION product_search_name_terms();
CREATE TRIGGER product_search_name_terms_updated AFTER UPDATE ON product_search
  FOR EACH ROW
  WHEN (OLD.document IS DISTINCT FROM NEW.document OR OLD.visible IS DISTINCT FROM NEW.visible)
  EXECUTE FUNCTION product_search_name_terms();

-- The rows already there.
SET LOCAL statement_timeout = 0;
INSERT INTO search_name_terms (term, product_id)
SELECT DISTINCT u.lexeme, s.product_id
FROM product_search s, unnest(s.document) AS u(lexeme, positions, weights)
WHERE s.visible AND 'A' = ANY (u.weights);

-- Option facets list choices in the merchant's order (S, M, L, XL as the options define them), not
-- by count. Each look (migration 0030) also carries the choice's place in its option (1 first, 5th
-- field); search-facet-store.ts orders an option's choices by the mean place the products that have
-- each choice give it (weighted by how many have it), then by label, so products that disagree
-- settle on their majority's order. The function as in 0030 but for that place.
CREATE OR REPLACE FUNCTION product_search_copy_facets() RETURNS trigger LANGUAGE plpgsql AS $$
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
           array_agg(concat_ws(E'\x1f', c.name, c.label, c.type, c.swatch, c.position) ORDER BY c.name, c.label) AS looks
    FROM (
    -- One look per choice (name and label), so that counting looks counts products.
    SELECT c.name, c.label, coalesce(max(c.type), '') AS type, coalesce(min(c.swatch), '') AS swatch, min(c.position) AS position
    FROM (
      SELECT option ->> 'name' AS name,
             option ->> 'optionType' AS type,
             choice.position,
             CASE WHEN coalesce(choice.value ->> 'description', '') <> ''
                       AND choice.value ->> 'description' !~* '^#([0-9a-f]{3}|[0-9a-f]{6})$'
                  THEN choice.value ->> 'description' ELSE choice.value ->> 'value' END AS label,
             CASE WHEN choice.value ->> 'value' ~* '^#([0-9a-f]{3}|[0-9a-f]{6})$' THEN lower(choice.value ->> 'value')
                  WHEN choice.value ->> 'description' ~* '^#([0-9a-f]{3}|[0-9a-f]{6})$' THEN lower(choice.value ->> 'description') END AS swatch
      FROM jsonb_array_elements(p.product_options) AS option, jsonb_array_elements(option -> 'choices') WITH ORDINALITY AS choice(value, position)
    ) c
    WHERE c.name IS NOT NULL AND c.label IS NOT NULL
    GROUP BY c.name, c.label
    ) c
  ) choices ON TRUE
  WHERE p.id = NEW.product_id;
  RETURN NEW;
END $$;

-- The rows already there (as 0030 did: longer than a statement may take at 100k products).
UPDATE product_search SET product_id = product_id;
