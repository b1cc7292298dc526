-- /metrics counts the deliveries and mails given up on every scrape: partial indexes keep that a
-- count over the failures alone, however many delivered rows the tables hold (#23).
CREATE INDEX webhook_deliveries_dead_idx ON webhook_deliveries (created_at) WHERE status = 'dead';
CREATE INDEX mail_outbox_failed_idx ON mail_outbox (created_at) WHERE status = 'failed';
