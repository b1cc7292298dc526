-- The mail outbox (issue #20): a mail to a buyer is queued in the same transaction as the change that
-- causes it (the row exists exactly when the change committed) and a sender delivers it afterwards,
-- retrying with backoff. Only the mail's data is kept: it is rendered when sent, with the shop's name
-- and sender as they are then.
CREATE TABLE mail_outbox (
  id              uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  -- which template renders it ('order-received', 'payment-received', 'shipped', 'cancelled', 'refunded')
  kind            text NOT NULL,
  to_address      text NOT NULL,
  -- what the mail is about (an order's id), for the merchant's list
  subject_id      text,
  -- the template's data, as JSON text (nothing queries inside it)
  data            json NOT NULL,
  -- pending: waiting for an attempt (or in one, or to be retried); sent; failed: given up
  status          text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sent', 'failed')),
  attempts        integer NOT NULL DEFAULT 0,
  -- when the next attempt is due; while an attempt is in flight, the end of its lease
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error      text,
  sent_at         timestamptz,
  created_at      timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mail_outbox_due_idx ON mail_outbox (next_attempt_at) WHERE status = 'pending';
CREATE INDEX mail_outbox_recent_idx ON mail_outbox (created_at DESC);
