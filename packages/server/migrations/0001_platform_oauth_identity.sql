-- Platform, OAuth and identity. PostgreSQL 15 features only (PGlite is 18, Debian's server 15).
-- Secrets (refresh tokens, codes, session/state tokens, recovery tokens, API keys, cookies) are stored
-- as SHA-256 hex digests, never in clear.

CREATE TABLE signing_keys (
  kid         text PRIMARY KEY,
  alg         text NOT NULL,
  public_jwk  jsonb NOT NULL,
  private_jwk jsonb NOT NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  retired_at  timestamptz
);

CREATE TABLE api_keys (
  id         text PRIMARY KEY,
  name       text NOT NULL,
  key_hash   text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now(),
  revoked_at timestamptz
);

CREATE TABLE oauth_clients (
  id              text PRIMARY KEY,
  name            text NOT NULL,
  redirect_uris   text[] NOT NULL DEFAULT '{}',
  allowed_origins text[] NOT NULL DEFAULT '{}',
  created_at      timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE identities (
  id                  uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  email               text NOT NULL,
  password_hash       text,
  status              text NOT NULL,
  status_reasons      text[] NOT NULL DEFAULT '{}',
  email_verified      boolean NOT NULL DEFAULT false,
  role                text NOT NULL DEFAULT 'member',
  must_reset_password boolean NOT NULL DEFAULT false,
  profile             jsonb NOT NULL DEFAULT '{}',
  revision            integer NOT NULL DEFAULT 1,
  created_date        timestamptz NOT NULL DEFAULT now(),
  updated_date        timestamptz NOT NULL DEFAULT now(),
  last_login_at       timestamptz
);
CREATE UNIQUE INDEX identities_email_key ON identities (lower(email));

-- An anonymous visitor; member_id is set when the visitor logs in (the cart carries over).
CREATE TABLE visitors (
  id         uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id  text NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
  member_id  uuid REFERENCES identities (id) ON DELETE SET NULL,
  linked_at  timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX visitors_member_idx ON visitors (member_id) WHERE member_id IS NOT NULL;

-- A chain of rotated refresh tokens; revoking the family revokes every token in it.
CREATE TABLE refresh_families (
  id            uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  client_id     text NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
  role          text NOT NULL,
  visitor_id    uuid REFERENCES visitors (id) ON DELETE CASCADE,
  member_id     uuid REFERENCES identities (id) ON DELETE CASCADE,
  created_at    timestamptz NOT NULL DEFAULT now(),
  revoked_at    timestamptz,
  revoke_reason text
);
CREATE INDEX refresh_families_member_idx ON refresh_families (member_id) WHERE member_id IS NOT NULL;

CREATE TABLE refresh_tokens (
  token_hash text PRIMARY KEY,
  family_id  uuid NOT NULL REFERENCES refresh_families (id) ON DELETE CASCADE,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at    timestamptz
);
CREATE INDEX refresh_tokens_family_idx ON refresh_tokens (family_id);

-- A PKCE authorization request, created by an auth redirect session; the hosted pages work on it.
CREATE TABLE auth_requests (
  id                    text PRIMARY KEY,
  client_id             text NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
  redirect_uri          text,
  message_origin        text,
  code_challenge        text NOT NULL,
  code_challenge_method text NOT NULL,
  response_mode         text NOT NULL,
  scope                 text NOT NULL,
  state                 text NOT NULL,
  prompt                text NOT NULL,
  -- set when the request carried a valid session token (direct login): no login page needed
  member_id             uuid REFERENCES identities (id) ON DELETE CASCADE,
  visitor_id            uuid REFERENCES visitors (id) ON DELETE SET NULL,
  created_at            timestamptz NOT NULL DEFAULT now(),
  expires_at            timestamptz NOT NULL
);

CREATE TABLE auth_codes (
  code_hash         text PRIMARY KEY,
  client_id         text NOT NULL REFERENCES oauth_clients (id) ON DELETE CASCADE,
  redirect_uri      text,
  code_challenge    text NOT NULL,
  scope             text NOT NULL,
  member_id         uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  visitor_id        uuid REFERENCES visitors (id) ON DELETE SET NULL,
  created_at        timestamptz NOT NULL DEFAULT now(),
  expires_at        timestamptz NOT NULL,
  used_at           timestamptz,
  issued_family_id  uuid REFERENCES refresh_families (id) ON DELETE SET NULL
);

-- Other redirect sessions (logout, checkout, product pages...): what the hosted page needs later.
CREATE TABLE redirect_sessions (
  id         text PRIMARY KEY,
  kind       text NOT NULL,
  client_id  text REFERENCES oauth_clients (id) ON DELETE CASCADE,
  data       jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- Short-lived single-use tokens of the login state machine: kind 'session' (SUCCESS) or 'state'.
CREATE TABLE identity_tokens (
  token_hash  text PRIMARY KEY,
  kind        text NOT NULL,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  client_id   text,
  visitor_id  uuid REFERENCES visitors (id) ON DELETE SET NULL,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);

CREATE TABLE verification_codes (
  id          uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  code_hash   text NOT NULL,
  attempts    integer NOT NULL DEFAULT 0,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  used_at     timestamptz
);
CREATE INDEX verification_codes_identity_idx ON verification_codes (identity_id, created_at DESC);

CREATE TABLE recovery_tokens (
  token_hash   text PRIMARY KEY,
  identity_id  uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  redirect_url text,
  client_id    text,
  created_at   timestamptz NOT NULL DEFAULT now(),
  expires_at   timestamptz NOT NULL,
  used_at      timestamptz
);

-- The hosted-session cookie (SSO between hosted pages).
CREATE TABLE hosted_sessions (
  id_hash     text PRIMARY KEY,
  identity_id uuid NOT NULL REFERENCES identities (id) ON DELETE CASCADE,
  created_at  timestamptz NOT NULL DEFAULT now(),
  expires_at  timestamptz NOT NULL,
  revoked_at  timestamptz
);

-- Counters shared by every process: rate limits, failed logins (captcha risk policy).
CREATE TABLE counters (
  key      text PRIMARY KEY,
  count    integer NOT NULL,
  reset_at timestamptz NOT NULL
);

-- Spent captcha solutions (replay protection across processes).
CREATE TABLE captcha_spent (
  signature  text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);

-- The dev mailbox: mail kept in the database when no SMTP server is configured.
CREATE TABLE dev_mailbox (
  id         bigserial PRIMARY KEY,
  to_address text NOT NULL,
  subject    text NOT NULL,
  text       text NOT NULL,
  html       text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
