-- Search at 100k products (issue #22), measured in database CPU on 100k generated products.

-- A GIN index with `fastupdate` (PostgreSQL's default) queues new entries in a pending list that
-- every search then reads in full, besides the index proper, until a vacuum folds it in. After a
-- bulk load or a run of stock changes (each rewrites its product's search row, migration 0030) that
-- list held thousands of documents: a one-word search took 29 ms with 20,000 rows rewritten, 9 ms
-- without. Searches far outnumber catalogue writes, so writes put their entries into the index at once.
ALTER INDEX product_search_document_idx SET (fastupdate = off);
-- What the list holds now goes into the index proper.
SELECT gin_clean_pending_list('product_search_document_idx'::regclass);

-- A listing without text counts every visible product: from this index alone (an index-only scan,
-- 4 ms for 97,000 products) instead of reading the whole table (33 ms).
CREATE INDEX product_search_visible_idx ON product_search (product_id) WHERE visible;
