-- The worker's sweep of expired sign-in rows (domains/oauth/expired-rows.ts) deletes, each minute and
-- per table, at most 500 rows with `expires_at < now()`. Without an index on expires_at each pass reads
-- the whole table to find them; these let it read only the expired rows (#23).
--
-- Plain CREATE INDEX: migrations run in a transaction, where CONCURRENTLY is not allowed. It blocks
-- writes to its table while it builds (about a second per million rows); on a large refresh_tokens or
-- auth_requests table build the index by hand first with CREATE INDEX CONCURRENTLY under the same
-- name (docs/DEPLOY.md, "Upgrading with several servers running"): IF NOT EXISTS then skips it.
CREATE INDEX IF NOT EXISTS auth_requests_expires_idx ON auth_requests (expires_at);
CREATE INDEX IF NOT EXISTS auth_codes_expires_idx ON auth_codes (expires_at);
CREATE INDEX IF NOT EXISTS refresh_tokens_expires_idx ON refresh_tokens (expires_at);
CREATE INDEX IF NOT EXISTS redirect_sessions_expires_idx ON redirect_sessions (expires_at);
CREATE INDEX IF NOT EXISTS hosted_sessions_expires_idx ON hosted_sessions (expires_at);
CREATE INDEX IF NOT EXISTS identity_tokens_expires_idx ON identity_tokens (expires_at);
CREATE INDEX IF NOT EXISTS verification_codes_expires_idx ON verification_codes (expires_at);
CREATE INDEX IF NOT EXISTS recovery_tokens_expires_idx ON recovery_tokens (expires_at);
