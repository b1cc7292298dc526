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
-- A candidate's other words are looked up along (product_id, term); deletes find a product's rows by it too.
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
