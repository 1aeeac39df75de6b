-- The providers' pretend side (ADR 042): the built-in sandboxes' own books, what the real Nuvei, Stripe
-- and Square keep on their side. Applied only when the sandboxes serve (db/sandbox-migrate.ts), into the
-- sandbox schema, never into the production one; until 0042 production migrations 0005, 0006, 0008,
-- 0011–0014 and 0018 created these tables there. Every statement is IF NOT EXISTS: on a database whose
-- older tables 0042 moved here, the same tables and indexes are already in place and nothing changes.

-- The Nuvei card sandbox's book of transactions (ADR 005; order_id from 0006, challenge_secret_hash from 0008).
-- It keeps the clientUniqueId it is given (our payment id), as Nuvei does, so a payment can be looked up
-- by it; the order is kept beside it for the challenge page's way back to the store. The challenge page
-- opens only with the single-use secret in its URL; only its SHA-256 is kept, cleared once used.
CREATE TABLE IF NOT EXISTS sandbox_transactions (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('init', 'payment', 'refund')),
  related_id text,
  client_unique_id text NOT NULL,
  user_token_id text NOT NULL,
  card_token text NOT NULL,
  amount_cents int NOT NULL,
  status text NOT NULL CHECK (status IN ('initiated', 'challenge', 'approved', 'declined', 'refunded')),
  created_at timestamptz NOT NULL DEFAULT now(),
  order_id text,
  challenge_secret_hash text
);
CREATE INDEX IF NOT EXISTS sandbox_transactions_client_unique_idx ON sandbox_transactions(client_unique_id, created_at);

-- The ACH sandbox's own book (as Nuvei keeps it, ADR 011): the bank accounts it linked, with what each
-- test account does (settle, fail before settlement, or return after it), and its debits.
CREATE TABLE IF NOT EXISTS sandbox_ach_accounts (
  id text PRIMARY KEY,
  user_token_id text NOT NULL,
  bank_name text NOT NULL,
  last4 text NOT NULL,
  account_type text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('settle', 'fail', 'return')),
  return_code text,
  removed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE TABLE IF NOT EXISTS sandbox_ach_debits (
  id text PRIMARY KEY,
  client_unique_id text NOT NULL,
  order_id text NOT NULL,
  user_token_id text NOT NULL,
  account_id text NOT NULL REFERENCES sandbox_ach_accounts(id),
  amount_cents integer NOT NULL,
  status text NOT NULL CHECK (status IN ('pending', 'settled', 'failed', 'returned', 'refunded')),
  return_code text,
  settle_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS sandbox_ach_debits_due_idx ON sandbox_ach_debits(settle_at) WHERE status = 'pending';
CREATE INDEX IF NOT EXISTS sandbox_ach_debits_payment_idx ON sandbox_ach_debits(client_unique_id);

-- The ACH sandbox's payouts (credits to a bank account, ADR 017), one per idempotency key: a retried
-- payout answers the first one's result and never pays twice.
CREATE TABLE IF NOT EXISTS sandbox_ach_payouts (
  id text PRIMARY KEY,
  idempotency_key text NOT NULL UNIQUE,
  user_token_id text NOT NULL,
  account_id text NOT NULL,
  amount_cents integer NOT NULL,
  status text NOT NULL CHECK (status IN ('approved', 'declined')),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The cashier sandbox (ADR 014): its hosted pages and the cards it keeps for a user_token_id.
CREATE TABLE IF NOT EXISTS cashier_sandbox_sessions (
  id text PRIMARY KEY,
  client_unique_id text NOT NULL,
  user_token_id text NOT NULL,
  amount_cents integer NOT NULL,
  currency text NOT NULL,
  notify_url text NOT NULL,
  success_url text NOT NULL,
  error_url text NOT NULL,
  back_url text NOT NULL,
  secret_hash text,
  status text NOT NULL CHECK (status IN ('open', 'approved', 'declined', 'canceled', 'refunded')),
  transaction_id text UNIQUE,
  decline_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX IF NOT EXISTS cashier_sandbox_sessions_client_idx ON cashier_sandbox_sessions(client_unique_id);

CREATE TABLE IF NOT EXISTS cashier_sandbox_cards (
  id text PRIMARY KEY,
  user_token_id text NOT NULL,
  vault_token text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS cashier_sandbox_cards_user_idx ON cashier_sandbox_cards(user_token_id);

-- The Stripe sandbox's book (ADR 012): Stripe's objects as the JSON it answers with, and the answers
-- kept under their idempotency keys.
CREATE TABLE IF NOT EXISTS stripe_sandbox_objects (
  id text PRIMARY KEY,
  object text NOT NULL,
  customer text,
  -- What only the sandbox knows (the vault token behind a card, a page's secret hash): never answered.
  private jsonb NOT NULL DEFAULT '{}'::jsonb,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS stripe_sandbox_objects_customer_idx ON stripe_sandbox_objects(customer, object);
CREATE INDEX IF NOT EXISTS stripe_sandbox_objects_payment_idx ON stripe_sandbox_objects((data->'metadata'->>'paymentId')) WHERE object = 'payment_intent';

CREATE TABLE IF NOT EXISTS stripe_sandbox_idempotency (
  key text PRIMARY KEY,
  request text NOT NULL,
  status integer NOT NULL,
  body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The Square sandbox's book (ADR 013): Square's objects (customers, cards, payments, refunds) as the
-- JSON it answers with, and the answers kept under their idempotency keys.
CREATE TABLE IF NOT EXISTS square_sandbox_objects (
  id text PRIMARY KEY,
  kind text NOT NULL CHECK (kind IN ('customer', 'card', 'payment', 'refund')),
  customer_id text,
  reference_id text,
  -- What only the sandbox knows (the vault token behind a card): never answered.
  private jsonb NOT NULL DEFAULT '{}'::jsonb,
  data jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS square_sandbox_objects_customer_idx ON square_sandbox_objects(customer_id, kind);
CREATE INDEX IF NOT EXISTS square_sandbox_objects_created_idx ON square_sandbox_objects(kind, created_at);

CREATE TABLE IF NOT EXISTS square_sandbox_idempotency (
  -- The endpoint and the key: Square scopes a key to the call it was sent with.
  key text PRIMARY KEY,
  request text NOT NULL,
  status integer,
  body text,
  created_at timestamptz NOT NULL DEFAULT now()
);
