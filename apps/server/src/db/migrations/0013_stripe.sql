-- Stripe cards and Cash App Pay (issue 9, ADR 012).

-- The store's side: each shopper's Stripe customer (their saved cards and Cash App accounts are that
-- customer's PaymentMethods), and the webhook events already taken, so a replay changes nothing.
CREATE TABLE stripe_customers (
  user_id text PRIMARY KEY REFERENCES users(id),
  customer_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE stripe_webhook_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  -- 'processing' while one request handles it; 'done' once handled. A claim left 'processing' by a
  -- crash may be taken again after a few minutes (Stripe retries the delivery).
  status text NOT NULL CHECK (status IN ('processing', 'done')),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz
);

-- (The sandbox Stripe book (stripe_sandbox_objects, stripe_sandbox_idempotency) lived here until ADR 042: now db/sandbox-migrations/, outside the production schema.)
