-- The hosted checkout (issue 11, ADR 020): its own tables, apart from the storefront's. Money is integer
-- cents; chain amounts are USDC base units (6 decimals) as numeric(78,0), which holds any uint256.

CREATE TABLE checkout_merchants (
  id text PRIMARY KEY,
  name text NOT NULL,
  -- The origins whose pages may frame the purchase-v2 page and receive its messages.
  allowed_origins jsonb NOT NULL DEFAULT '[]'::jsonb,
  nsure_partner_id text,
  webhook_url text,
  -- Where USDC is paid to, per chain: {"solana": "<owner pubkey>", "base": "0x…"}; sandbox addresses are made on first use.
  settlement_addresses jsonb NOT NULL DEFAULT '{}'::jsonb,
  settlement_type text NOT NULL DEFAULT 'USDC' CHECK (settlement_type IN ('Credits', 'USDC', 'Bank')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE checkout_sessions (
  id text PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES checkout_merchants(id),
  reference text NOT NULL,
  -- SHA-256 (hex) of the current session key; a rotation replaces it, so the old key stops working.
  session_key_hash text NOT NULL UNIQUE,
  amount_cents integer NOT NULL CHECK (amount_cents > 0),
  currency text NOT NULL DEFAULT 'USD' CHECK (currency = 'USD'),
  customer_id text NOT NULL,
  customer_email text NOT NULL,
  allowed_methods jsonb NOT NULL DEFAULT '["card","usdc"]'::jsonb,
  metadata jsonb NOT NULL DEFAULT '{}'::jsonb,
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'processing', 'paid', 'declined', 'expired', 'refunded')),
  method text CHECK (method IN ('card', 'usdc', 'ach')),
  chain text,
  tx_id text,
  card_transaction_id text,
  -- Card declines so far: the session ends declined after a few (service.ts).
  declines integer NOT NULL DEFAULT 0,
  decline_code text,
  decline_reason text,
  expires_at timestamptz NOT NULL,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (merchant_id, reference)
);
CREATE INDEX checkout_sessions_status ON checkout_sessions (status, expires_at);

-- One card charge attempt of a session through the card payment provider (its id is the provider's paymentId).
CREATE TABLE checkout_card_attempts (
  id text PRIMARY KEY,
  session_id text NOT NULL REFERENCES checkout_sessions(id),
  transaction_id text,
  status text NOT NULL CHECK (status IN ('started', 'challenge', 'approved', 'declined', 'failed')),
  challenge_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checkout_card_attempts_session ON checkout_card_attempts (session_id, created_at);

-- One bank-account (ACH) debit of a session through the store's ACH provider (its id is the provider's
-- paymentId). The account's numbers go to the provider only: the host keeps the provider's id for the
-- linked account and its last 4 digits. 'pending' until the bank settles it (reconciliation asks).
CREATE TABLE checkout_bank_attempts (
  id text PRIMARY KEY,
  session_id text NOT NULL REFERENCES checkout_sessions(id),
  user_payment_option_id text NOT NULL,
  account_last4 text NOT NULL,
  transaction_id text,
  status text NOT NULL CHECK (status IN ('started', 'pending', 'approved', 'declined', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checkout_bank_attempts_session ON checkout_bank_attempts (session_id, created_at);
CREATE INDEX checkout_bank_attempts_pending ON checkout_bank_attempts (updated_at) WHERE status = 'pending';

-- A USDC payment of a session on one chain. tx_id is UNIQUE per chain: a transaction is never counted for
-- a second session (replay refusal); a Solana attempt keeps the fingerprint of the message it prepared.
CREATE TABLE checkout_chain_payments (
  id text PRIMARY KEY,
  session_id text NOT NULL REFERENCES checkout_sessions(id),
  chain text NOT NULL,
  payer text NOT NULL,
  recipient text NOT NULL,
  amount_base_units numeric(78, 0) NOT NULL CHECK (amount_base_units > 0),
  fingerprint text,
  last_valid_block_height bigint,
  tx_id text,
  status text NOT NULL DEFAULT 'prepared' CHECK (status IN ('prepared', 'submitted', 'confirmed', 'failed')),
  failure_code text,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (chain, tx_id)
);
-- Not unique: preparing the same transfer again within one blockhash gives the same message (and fingerprint).
CREATE INDEX checkout_chain_payments_fingerprint ON checkout_chain_payments (fingerprint) WHERE fingerprint IS NOT NULL;
CREATE INDEX checkout_chain_payments_status ON checkout_chain_payments (status, updated_at);

-- The merchant webhook's outbox: written in the transaction that decides a session, delivered with retries.
CREATE TABLE checkout_webhook_outbox (
  event_id text PRIMARY KEY,
  merchant_id text NOT NULL REFERENCES checkout_merchants(id),
  type text NOT NULL,
  payload jsonb NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  next_attempt_at timestamptz NOT NULL DEFAULT now(),
  last_error text,
  delivered_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checkout_webhook_outbox_due ON checkout_webhook_outbox (next_attempt_at) WHERE delivered_at IS NULL;
