-- Staff (issue #24): a merchant is the shop's 'owner' (manages staff, API keys, webhooks and payment
-- settings) or 'staff' (everything else). Merchants made before roles existed were all owners.
ALTER TABLE identities ADD COLUMN merchant_role text CHECK (merchant_role IN ('owner', 'staff'));
UPDATE identities SET merchant_role = 'owner' WHERE role = 'merchant';
-- A merchant always has a merchant role, and nobody else has one.
ALTER TABLE identities ADD CONSTRAINT identities_merchant_role_present CHECK ((role = 'merchant') = (merchant_role IS NOT NULL));
