-- The outbox keeps each event's payload as the JSON text webhooks receive (json, not jsonb): nothing
-- queries inside payloads, and jsonb made PostgreSQL parse every payload into its binary form and
-- compress that. A cart event carries the whole priced cart (about 19 kB for 20 lines), so on every
-- cart write this was most of the database's CPU beyond the write itself (bench/api-cart: about
-- 0.5 ms per 19 kB payload as jsonb with pglz, 0.2 ms as json with lz4). Rewrites the table once.
ALTER TABLE events ALTER COLUMN payload TYPE json USING payload::json;

-- lz4 compresses the long payloads several times faster than the default pglz; a server built without
-- it (the embedded database) keeps pglz.
DO $$
BEGIN
  ALTER TABLE events ALTER COLUMN payload SET COMPRESSION lz4;
EXCEPTION WHEN feature_not_supported THEN
  NULL;
END
$$;
