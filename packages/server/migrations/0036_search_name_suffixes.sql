-- Suggestions for several typed words at 100k products (issue #22). Shoppers type a name's words in
-- its order ("vintage co" for Vintage Cotton Mug); the GIN index of product_search answers that with
-- the intersection of every match of each word (8 ms for "vintage co:*": 3,000 products, though a
-- suggestion ranks 200 at most). A btree of each name's word sequences, one per word it starts at,
-- answers it with a range read in order that stops at the 200th: "vintag co" is a prefix of the
-- sequence "vintag cotton mug ". Words typed with others between them ("modern bo" for Modern Oak
-- Bowl) are read from the range of the first word, keeping the rows whose sequence has the others
-- in order. This replaces 0034's table of single words, the case of one typed word.
DROP TRIGGER product_search_name_terms_inserted ON product_search;
DROP TRIGGER product_search_name_terms_updated ON product_search;
DROP FUNCTION product_search_name_terms();
DROP TABLE search_name_terms;

-- The words of a name are the document's weight-A lexemes (search-document-store.ts writes the name
-- alone with weight A, first, so their positions are the name's order), stemmed by `vitrine_search`.
-- Each sequence ends with a space, so a whole word is a prefix too ("mug " but not "mugs").
CREATE FUNCTION search_name_sequences(document tsvector) RETURNS SETOF text LANGUAGE sql IMMUTABLE AS $$
  WITH name AS (
    SELECT array_agg(word.lexeme ORDER BY placed.position) AS words
    FROM unnest(document) AS word(lexeme, positions, weights),
         unnest(word.positions, word.weights) AS placed(position, weight)
    WHERE placed.weight = 'A'
  )
  SELECT DISTINCT array_to_string(name.words[first:], ' ') || ' '
  FROM name, generate_subscripts(name.words, 1) AS first
$$;

-- One row per word of a visible product's name: the name's words from that one on.
-- Collation "C": a prefix is a range of the key.
CREATE TABLE search_name_suffixes (
  suffix     text COLLATE "C" NOT NULL,
  product_id uuid NOT NULL REFERENCES product_search (product_id) ON DELETE CASCADE,
  PRIMARY KEY (suffix, product_id)
);
-- The trigger below finds a product's rows by product_id when its name or visibility changes.
CREATE INDEX search_name_suffixes_product_idx ON search_name_suffixes (product_id);

-- Rewritten when the document or the visibility changes, not on the stock and price changes that
-- rewrite search rows far more often (migration 0030).
CREATE FUNCTION product_search_name_suffixes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM search_name_suffixes WHERE product_id = NEW.product_id;
  IF NEW.visible THEN
    INSERT INTO search_name_suffixes (suffix, product_id)
    SELECT sequence, NEW.product_id FROM search_name_sequences(NEW.document) AS sequence;
  END IF;
  RETURN NULL;
END $$;

CREATE TRIGGER product_search_name_suffixes_inserted AFTER INSERT ON product_search
  FOR EACH ROW EXECUTE FUNCTION product_search_name_suffixes();
CREATE TRIGGER product_search_name_suffixes_updated AFTER UPDATE ON product_search
  FOR EACH ROW
  WHEN (OLD.document IS DISTINCT FROM NEW.document OR OLD.visible IS DISTINCT FROM NEW.visible)
  EXECUTE FUNCTION product_search_name_suffixes();

-- The rows already there.
SET LOCAL statement_timeout = 0;
INSERT INTO search_name_suffixes (suffix, product_id)
SELECT sequence, s.product_id FROM product_search s, search_name_sequences(s.document) AS sequence
WHERE s.visible;
