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

-- (The sandbox Square book (square_sandbox_objects, square_sandbox_idempotency) lived here until ADR 042: now db/sandbox-migrations/, outside the production schema.)
