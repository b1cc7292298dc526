-- Catalogue changes reach every server process on the same database (issue #4: the hot-read cache
-- is invalidated by the outbox): each catalogue event written to the outbox also sends
-- NOTIFY vitrine_catalog '<entity type>:<entity id>'. NOTIFY is transactional: listeners hear it
-- only when the write commits, and whichever process or command wrote it.
CREATE FUNCTION notify_catalog_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('vitrine_catalog', NEW.entity_type || ':' || NEW.entity_id);
  RETURN NULL;
END;
$$;

CREATE TRIGGER events_notify_catalog AFTER INSERT ON events
  FOR EACH ROW WHEN (NEW.entity_type IN ('product', 'collection'))
  EXECUTE FUNCTION notify_catalog_change();
