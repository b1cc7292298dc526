-- Links an identity to an account at an OIDC identity provider (issuer + subject of its ID tokens),
-- so a member is still found after the e-mail changes at the provider. A link wins over the e-mail.
CREATE TABLE identity_links (
  issuer      text NOT NULL,
  subject     text NOT NULL,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (issuer, subject)
);
CREATE INDEX identity_links_identity_idx ON identity_links (identity_id);
