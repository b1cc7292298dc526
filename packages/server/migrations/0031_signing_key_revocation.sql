-- A signing key can be revoked (`vitrine keys revoke`, #23): unlike a retired key, which keeps
-- verifying the tokens it signed for a day, a revoked one verifies nothing from then on, in every
-- process (they hear the revocation through the change channel). Nullable, so servers of the
-- previous release keep running beside this one during a rolling deploy.
ALTER TABLE signing_keys ADD COLUMN revoked_at timestamptz;
