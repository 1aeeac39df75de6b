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

-- The built-in Stripe sandbox's book (only used when no Stripe keys are set): Stripe's objects as the
-- JSON it answers with, and the answers kept under their idempotency keys.
CREATE TABLE stripe_sandbox_objects (
  id text PRIMARY KEY,
  object text NOT NULL,
  customer text,
  -- What only the sandbox knows (the vault token behind a card, a page's secret hash): never answered.
  private jsonb NOT NULL DEFAULT '{}'::jsonb,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stripe_sandbox_objects_customer_idx ON stripe_sandbox_objects(customer, object);
CREATE INDEX stripe_sandbox_objects_payment_idx ON stripe_sandbox_objects((data->'metadata'->>'paymentId')) WHERE object = 'payment_intent';

CREATE TABLE stripe_sandbox_idempotency (
  key text PRIMARY KEY,
  request text NOT NULL,
  status integer NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
