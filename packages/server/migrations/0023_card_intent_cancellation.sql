-- Replaced PaymentIntents are cancelled at Stripe (issue #20): when a checkout's total changes and a new
-- intent replaces the old one, or the checkout is ordered otherwise, the intents it no longer pays by.

-- When the buyer was last shown the intent on the pay step: an intent shown after it replaces it.
ALTER TABLE card_payment_intents ADD COLUMN shown_date timestamptz NOT NULL DEFAULT now();
-- When Stripe cancelled it at our request (or said it was cancelled); NULL: not cancelled.
ALTER TABLE card_payment_intents ADD COLUMN canceled_date timestamptz;
