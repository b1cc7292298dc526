-- Orders of the catalogue reads (issue #4 "Read API") that 0003's indexes do not serve. Text sorts
-- compare by code point (collation "C") so every server, whatever its locale, answers the same
-- order; products_name_idx (text_pattern_ops) keeps serving name prefixes.
CREATE INDEX products_name_sort_idx ON products ((lower(name) COLLATE "C"), id);
CREATE INDEX collections_name_sort_idx ON collections ((lower(name) COLLATE "C"), id);
-- Store variants are listed by their id `<productId>-<variantId>`.
CREATE INDEX product_variants_key_idx ON product_variants (product_id, id);
