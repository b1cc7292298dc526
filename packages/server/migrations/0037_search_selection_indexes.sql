-- A listing narrowed to a colour or a collection few products have (issue #22) reads those products
-- through these indexes and sorts them, instead of walking the sort's index of every product for the
-- few that pass (300 ms at 100k products for a colour none has). Only visible products are listed;
-- no pending list (as 0032): a listing would scan it on every read.
CREATE INDEX product_search_choice_keys_idx ON product_search USING gin (choice_keys) WITH (fastupdate = off) WHERE visible;
CREATE INDEX product_search_collection_ids_idx ON product_search USING gin (collection_ids) WITH (fastupdate = off) WHERE visible;
