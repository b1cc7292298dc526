-- No planner statistics for the products' columns no statement filters, joins or sorts on: the
-- description and the JSON documents (options, media, sections, text fields, SEO, unit price) are
-- only read back whole. ANALYZE sampled and sorted them anyway, and they are the widest columns of the
-- table: at 100k generated products, ANALYZE products took ~1.4 s, and ~1.0 s without them (PostgreSQL
-- 15, a shared machine). On the embedded database every request waits while it runs (the upkeep's
-- turns, docs/DEPLOY.md "Embedded database upkeep"); on a PostgreSQL server it is autovacuum's work.
ALTER TABLE products
  ALTER COLUMN description SET STATISTICS 0,
  ALTER COLUMN product_options SET STATISTICS 0,
  ALTER COLUMN media SET STATISTICS 0,
  ALTER COLUMN additional_info_sections SET STATISTICS 0,
  ALTER COLUMN custom_text_fields SET STATISTICS 0,
  ALTER COLUMN seo_data SET STATISTICS 0,
  ALTER COLUMN price_per_unit SET STATISTICS 0;
