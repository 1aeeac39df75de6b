-- Square card payments (issue 9, ADR 013).

-- The store's side: each shopper's Square customer (their saved Square cards are that customer's cards
-- at Square), and the webhook events already taken, by Square's event_id, so a replay changes nothing.
CREATE TABLE square_customers (
  user_id text PRIMARY KEY REFERENCES users(id),
  customer_id text NOT NULL UNIQUE,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE square_webhook_events (
  event_id text PRIMARY KEY,
  type text NOT NULL,
  -- 'processing' while one request handles it; 'done' once handled. A claim left 'processing' by a
  -- crash may be taken again after a few minutes (Square retries the delivery).
  status text NOT NULL CHECK (status IN ('processing', 'done')),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz
);

-- The built-in Square sandbox's book (used only when no Square credentials are set): Square's objects
-- (customers, cards, payments, refunds) as the JSON it answers with, and the answers kept under their
-- idempotency keys.
CREATE TABLE square_sandbox_objects (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('customer', 'card', 'payment', 'refund')),
  customer_id text,
  reference_id text,
  -- What only the sandbox knows (the vault token behind a card): never answered.
  private jsonb NOT NULL DEFAULT '{}'::jsonb,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX square_sandbox_objects_customer_idx ON square_sandbox_objects(customer_id, kind);
CREATE INDEX square_sandbox_objects_created_idx ON square_sandbox_objects(kind, created_at);

CREATE TABLE square_sandbox_idempotency (
  -- The endpoint and the key: Square scopes a key to the call it was sent with.
  key text PRIMARY KEY,
  request text NOT NULL,
  status integer,
  body text,
  created_at timestamptz NOT NULL DEFAULT now()
);
