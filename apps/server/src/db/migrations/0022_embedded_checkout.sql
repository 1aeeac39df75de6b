-- The storefront as the first merchant of the embedded checkout (issue 11, ADR 020): a payment attempt may
-- be paid inside the hosted checkout's frame (method kind 'embedded_checkout', provider 'coinflow').

ALTER TABLE payments DROP CONSTRAINT payments_method_check;
ALTER TABLE payments ADD CONSTRAINT payments_method_check
  CHECK (method IN ('card', 'saved_card', 'bank_account', 'cashier', 'stripe_card', 'cash_app', 'square_card', 'embedded_checkout'));

-- The hosted checkout's webhook events taken, by the event id it sends (x-checkout-event-id): one request
-- handles an event; a replay of a handled one, or a duplicate delivered at the same time, changes nothing.
CREATE TABLE coinflow_webhook_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  -- 'processing' while one request handles it; 'done' once handled. A claim a crash left 'processing' is
  -- taken again after a few minutes (the host's outbox retries the delivery).
  status text NOT NULL CHECK (status IN ('processing', 'done')),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz
);

-- An install seeded before this migration stored the purchase settings with the kinds it knew: the new kind
-- is appended to the stored list once (a fresh install's seed enables every kind). The rest of the list,
-- edited or not, stays as it is.
UPDATE settings
SET value = jsonb_set(value, '{enabledPaymentMethods}', (value -> 'enabledPaymentMethods') || '["embedded_checkout"]'::jsonb),
    updated_at = now()
WHERE key = 'purchases'
  AND jsonb_typeof(value -> 'enabledPaymentMethods') = 'array'
  AND NOT (value -> 'enabledPaymentMethods') ? 'embedded_checkout';
