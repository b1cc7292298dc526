-- The event outbox and webhooks. PostgreSQL 15 features only.
-- An event row is written in the same transaction as the change it reports, so it exists exactly
-- when the change committed; deliveries are created in that transaction too, one per matching webhook.

CREATE TABLE events (
  id          uuid PRIMARY KEY,
  -- commit order within one entity (writers lock the entity row before publishing)
  sequence    bigserial NOT NULL UNIQUE,
  type        text NOT NULL,
  entity_type text NOT NULL,
  entity_id   text NOT NULL,
  -- the envelope body as it is sent to webhooks
  payload     jsonb NOT NULL,
  identity    jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now()
);

-- A merchant's endpoint. The secret is the HMAC key of the signatures: kept in clear because it must
-- be read to sign (it is the merchant's own secret for verifying us, not a credential to this server).
CREATE TABLE webhooks (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  url         text NOT NULL,
  secret      text NOT NULL,
  -- empty: every event type
  event_types text[] NOT NULL DEFAULT '{}',
  active      boolean NOT NULL DEFAULT true,
  created_at  timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE webhook_deliveries (
  id               uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  webhook_id       uuid NOT NULL REFERENCES webhooks (id) ON DELETE CASCADE,
  event_id         uuid NOT NULL REFERENCES events (id) ON DELETE CASCADE,
  -- copied from the event: the per-entity ordering rule reads them without a join
  event_sequence   bigint NOT NULL,
  entity_type      text NOT NULL,
  entity_id        text NOT NULL,
  status           text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'delivered', 'failed', 'dead')),
  attempts         integer NOT NULL DEFAULT 0,
  -- when the next attempt is due; while an attempt is in flight, the end of its lease
  next_attempt_at  timestamptz NOT NULL DEFAULT now(),
  last_status_code integer,
  last_error       text,
  delivered_at     timestamptz,
  created_at       timestamptz NOT NULL DEFAULT now(),
  UNIQUE (webhook_id, event_id)
);
-- What the worker looks for: open deliveries by due time, and open predecessors of one entity;
-- the delivery log; and the cascade when old events are deleted.
CREATE INDEX webhook_deliveries_due_idx ON webhook_deliveries (next_attempt_at) WHERE status IN ('pending', 'failed');
CREATE INDEX webhook_deliveries_open_entity_idx ON webhook_deliveries (webhook_id, entity_type, entity_id, event_sequence)
  WHERE status IN ('pending', 'failed');
CREATE INDEX webhook_deliveries_log_idx ON webhook_deliveries (webhook_id, created_at DESC);
CREATE INDEX webhook_deliveries_event_idx ON webhook_deliveries (event_id);
