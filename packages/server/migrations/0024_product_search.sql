-- Full-text product search (issue #22). pg_trgm and unaccent are "trusted" contrib extensions: the
-- owner of the database (or a role with CREATE on it) may create them; embedded PGlite loads both.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE EXTENSION IF NOT EXISTS unaccent;

-- English stemming ("hoodies" finds "hoodie") with accents removed first ("creme" finds "crème").
CREATE TEXT SEARCH CONFIGURATION vitrine_search (COPY = pg_catalog.english);
ALTER TEXT SEARCH CONFIGURATION vitrine_search
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, english_stem;
-- Whole words, lower-cased and without accents, not stemmed: the words typos are compared with.
CREATE TEXT SEARCH CONFIGURATION vitrine_words (COPY = pg_catalog.simple);
ALTER TEXT SEARCH CONFIGURATION vitrine_words
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, simple;

-- One weighted document per product (name A; brand, SKUs, option choices, collection names B;
-- description C), written by the catalogue's writers in their own transaction (search-store.ts).
CREATE TABLE product_search (
  product_id uuid PRIMARY KEY REFERENCES products (id) ON DELETE CASCADE,
  document   tsvector NOT NULL
);
CREATE INDEX product_search_document_idx ON product_search USING gin (document);

-- The words (3 to 40 letters, no digits) of the products' names, brands, choices and collections, for typo correction
-- ("hodie" -> "hoodie"): only grows; a word no product has any more corrects to nothing found.
-- Collation "C": the key's index also serves `word LIKE 'prefix%'` (is a typed prefix any word's?).
CREATE TABLE search_words (
  word text COLLATE "C" PRIMARY KEY
);
CREATE INDEX search_words_trgm_idx ON search_words USING gin (word gin_trgm_ops);

-- The documents and words of the products already there (the same statement as
-- search-document-store.ts, whose writers keep them from now on).
WITH texts AS (
  SELECT p.id, p.name, left(p.description, 100000) AS description,
         concat_ws(' ', p.brand, p.sku,
           (SELECT string_agg(v.sku, ' ') FROM product_variants v WHERE v.product_id = p.id AND v.sku IS NOT NULL),
           (SELECT string_agg(concat_ws(' ', choice ->> 'value', choice ->> 'description'), ' ')
              FROM jsonb_array_elements(p.product_options) AS option, jsonb_array_elements(option -> 'choices') AS choice),
           (SELECT string_agg(c.name, ' ') FROM product_collections pc JOIN collections c ON c.id = pc.collection_id
              WHERE pc.product_id = p.id AND c.visible)) AS labels
  FROM products p
),
documents AS (
  INSERT INTO product_search (product_id, document)
  SELECT id,
         setweight(to_tsvector('vitrine_search', name), 'A')
         || setweight(to_tsvector('vitrine_search', labels), 'B')
         || setweight(to_tsvector('vitrine_words', labels), 'B')
         || setweight(to_tsvector('vitrine_search', description), 'C')
  FROM texts
)
INSERT INTO search_words (word)
SELECT DISTINCT word
FROM texts, unnest(tsvector_to_array(to_tsvector('vitrine_words', concat_ws(' ', name, labels)))) AS word
WHERE length(word) BETWEEN 3 AND 40 AND word !~ '[0-9]';
