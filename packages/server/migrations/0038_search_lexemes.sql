-- Every lexeme of the products' search documents, so that a word being typed can be looked up as the
-- few whole lexemes that start with it (issue #22). GIN answers a prefix (`bowl:*`) by reading every
-- match of every lexeme that starts with it into a bitmap, even when the other words of the search
-- narrow the answer to a few dozen products: at 100k generated products, 2 to 7 ms for
-- "compact wool bowl:*", against 0.7 ms for "compact wool bowl", whose words the index intersects
-- while it reads them. Written by search-document-store.ts with the documents; only grows, as
-- search_words does: a lexeme no document has any more only adds a branch that matches nothing.
-- Collation "C": a prefix is a range of the key.
CREATE TABLE search_lexemes (
  lexeme text COLLATE "C" PRIMARY KEY
);

-- The documents already there.
SET LOCAL statement_timeout = 0;
INSERT INTO search_lexemes (lexeme)
SELECT DISTINCT lexeme FROM product_search s, unnest(tsvector_to_array(s.document)) AS lexeme;
