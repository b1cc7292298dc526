-- Merchant sign-in (issue #7): a shop's owners and staff are identities with the role 'merchant'
-- (made by `vitrine merchants create`), signing in on the same hosted login page as members. A
-- client with the audience 'merchant' (the console) gets merchant tokens for them, and nothing for
-- anybody else; 'shopper' clients (storefronts) keep getting visitor and member tokens.
ALTER TABLE identities ADD CONSTRAINT identities_role_check CHECK (role IN ('member', 'merchant'));
ALTER TABLE oauth_clients ADD COLUMN audience text NOT NULL DEFAULT 'shopper' CHECK (audience IN ('shopper', 'merchant'));
-- The console's list of the shop's merchants.
CREATE INDEX identities_merchants_idx ON identities (created_date) WHERE role = 'merchant';
