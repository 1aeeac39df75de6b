-- One table of webhook events taken and one of the shoppers' customers at the providers, instead of a copy
-- per provider (issue 22, ADR 036). The rows of the old tables are carried over under their provider's
-- name, then the old tables go.

-- A provider's webhook event, taken by (provider, its event id): one request handles an event; a replay of
-- a handled one, or a duplicate delivered at the same time, changes nothing. Two providers may use the same
-- event id: each is its own event.
CREATE TABLE payment_webhook_events (
  provider text NOT NULL,
  event_id text NOT NULL,
  type text NOT NULL,
  -- 'processing' while one request handles it; 'done' once handled. A claim a crash left 'processing' may
  -- be taken again after a few minutes, when the provider retries the delivery (claimed_at is then reset).
  status text NOT NULL CHECK (status IN ('processing', 'done')),
  received_at timestamptz NOT NULL DEFAULT now(),
  claimed_at timestamptz NOT NULL DEFAULT now(),
  handled_at timestamptz,
  PRIMARY KEY (provider, event_id)
);

INSERT INTO payment_webhook_events (provider, event_id, type, status, received_at, claimed_at, handled_at)
SELECT 'stripe', event_id, type, status, claimed_at, claimed_at, handled_at FROM stripe_webhook_events;
INSERT INTO payment_webhook_events (provider, event_id, type, status, received_at, claimed_at, handled_at)
SELECT 'square', event_id, type, status, claimed_at, claimed_at, handled_at FROM square_webhook_events;
INSERT INTO payment_webhook_events (provider, event_id, type, status, received_at, claimed_at, handled_at)
SELECT 'coinflow', event_id, type, status, claimed_at, claimed_at, handled_at FROM coinflow_webhook_events;

DROP TABLE stripe_webhook_events;
DROP TABLE square_webhook_events;
DROP TABLE coinflow_webhook_events;

-- Each shopper's customer at a provider (their saved methods there are that customer's): one a shopper and
-- provider, and a provider's customer belongs to one shopper.
CREATE TABLE provider_customers (
  provider text NOT NULL,
  user_id text NOT NULL REFERENCES users(id),
  customer_id text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (provider, user_id),
  UNIQUE (provider, customer_id)
);

INSERT INTO provider_customers (provider, user_id, customer_id, created_at)
SELECT 'stripe', user_id, customer_id, created_at FROM stripe_customers;
INSERT INTO provider_customers (provider, user_id, customer_id, created_at)
SELECT 'square', user_id, customer_id, created_at FROM square_customers;

DROP TABLE stripe_customers;
DROP TABLE square_customers;
