-- Card payments through Stripe (issue #20). The order is placed when the payment succeeds; these
-- tables tie Stripe's PaymentIntents to checkouts and orders and make its webhook events idempotent.

-- The provider's id of what paid the order (a Stripe PaymentIntent `pi_…`): refunds are made against it.
ALTER TABLE orders ADD COLUMN payment_reference text;
CREATE UNIQUE INDEX orders_payment_reference ON orders (payment_reference) WHERE payment_reference IS NOT NULL;

-- Every PaymentIntent made for a checkout: one per totals fingerprint (a changed total makes a new one).
CREATE TABLE card_payment_intents (
  intent_id          text PRIMARY KEY,
  checkout_id        uuid NOT NULL REFERENCES checkouts (id) ON DELETE CASCADE,
  totals_fingerprint text NOT NULL,
  -- why the last attempt failed, as Stripe told it (the pay page shows it); NULL: no failure
  failure            text,
  created_date       timestamptz NOT NULL DEFAULT now(),
  updated_date       timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX card_payment_intents_checkout ON card_payment_intents (checkout_id);

-- Stripe events already handled: a replayed event changes nothing twice.
CREATE TABLE stripe_events (
  event_id      text PRIMARY KEY,
  type          text NOT NULL,
  received_date timestamptz NOT NULL DEFAULT now()
);
