-- Listings in the storefront's orders (issue #22): newest first (the default), by name, by price.
-- A listing narrowed to a colour or a collection walked the order's index of products and looked
-- each product up in product_search for its visibility and choices: ~6,600 lookups for the tenth
-- page of a colour at 100k products, 35–110 ms (more under load, where PostgreSQL's parallel workers
-- took long to start). So a search row also carries the product's sort keys, and product_search has
-- an index of the visible products in each of those orders: a listing walks one of them alone and
-- stops at its page (3–7 ms for the same page).
ALTER TABLE product_search
  ADD COLUMN created_date timestamptz NOT NULL DEFAULT 'epoch',
  -- the catalogue's name order (`PRODUCT_QUERY.sort.name`): case ignored, compared byte by byte
  ADD COLUMN name_key text COLLATE "C" NOT NULL DEFAULT '';

-- Copied from the product on every write of a search row, as the facet columns are (0030, 0034: the
-- catalogue's writers and the bulk load write search rows after the product). A trigger of its own
-- rather than a third copy of 0034's function.
CREATE FUNCTION product_search_copy_sort_keys() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT p.created_date, lower(p.name) INTO NEW.created_date, NEW.name_key
  FROM products p WHERE p.id = NEW.product_id;
  RETURN NEW;
END $$;

CREATE TRIGGER product_search_sort_keys BEFORE INSERT OR UPDATE ON product_search
  FOR EACH ROW EXECUTE FUNCTION product_search_copy_sort_keys();

-- A renamed product has its search row rewritten by the catalogue's writer (its document changes);
-- this trigger (beside 0030's, which watches the other copied columns) rewrites it on a change of
-- either key by any other writer of products too.
CREATE TRIGGER products_search_sort_keys AFTER UPDATE ON products
  FOR EACH ROW
  WHEN (OLD.name IS DISTINCT FROM NEW.name OR OLD.created_date IS DISTINCT FROM NEW.created_date)
  EXECUTE FUNCTION products_touch_search();

-- The rows already there (as 0030: longer than a statement may take at 100k products).
SET LOCAL statement_timeout = 0;
UPDATE product_search SET product_id = product_id;

-- Each order's ties end with the id, as `PRODUCT_QUERY`'s orders do; only visible products are listed.
CREATE INDEX product_search_price_idx ON product_search (price_min, product_id) WHERE visible;
CREATE INDEX product_search_created_idx ON product_search (created_date, product_id) WHERE visible;
CREATE INDEX product_search_name_idx ON product_search (name_key, product_id) WHERE visible;
