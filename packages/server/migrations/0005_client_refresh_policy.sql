-- How a client's refresh tokens behave. 'rotate' (default): every use answers a new token and reuse
-- after the grace window revokes the family. 'reuse': the token stays valid until it expires, for
-- storefronts running the reference client, which keeps sending its first refresh token.
ALTER TABLE oauth_clients ADD COLUMN refresh_policy text NOT NULL DEFAULT 'rotate' CHECK (refresh_policy IN ('rotate', 'reuse'));
