-- Search at 100k products (issue #22). A GIN index with `fastupdate` (PostgreSQL's default) queues new
-- entries in a pending list that every search then reads in full, besides the index proper, until
-- a vacuum folds it in. After a bulk load or a run of stock changes (each rewrites its product's
-- search row, migration 0030) that list held thousands of documents: measured on 100k generated
-- products, a one-word search took 29 ms of database CPU with 20,000 rows rewritten, 9 ms without.
-- Searches far outnumber catalogue writes, so writes put their entries into the index at once.
ALTER INDEX product_search_document_idx SET (fastupdate = off);
-- What the list holds now goes into the index proper.
SELECT gin_clean_pending_list('product_search_document_idx'::regclass);
