-- The hosted checkout's tables in a schema of its own (issue 23, ADR 047). The runner (migrate.ts) put the
-- host's schema alone on this transaction's search_path, so the unqualified names below are the host's
-- (current_schema()), and named the store's working schema in store.working_schema: set_config travels with
-- the transaction on both drivers, where a schema name written into this file could not (each test file and
-- each store kept in a schema of its own has its own pair).
--
-- 1. Adopt: a store database the store's migrations 0021, 0031, 0039, 0043, 0044 and 0045 gave these tables
--    (every store database until now; the store's migrations always run to the end first, so they are in
--    their latest shape) keeps them, rows included: SET SCHEMA moves each with its indexes, constraints and
--    foreign keys (which name tables, not schemas, so the links between host tables survive the move). No
--    store table refers to a host table.
-- 2. Create: a database whose store never made them (a host on a database of its own) gets them here, in
--    the same shape: the same columns in the same order, constraint and index names included. For an
--    adopted table every statement below finds it in place (IF NOT EXISTS).
DO $$
DECLARE
  store text := current_setting('store.working_schema');
  host text := current_schema();
  t text;
BEGIN
  FOREACH t IN ARRAY ARRAY[
    'checkout_merchants', 'checkout_sessions', 'checkout_card_attempts', 'checkout_bank_attempts',
    'checkout_chain_payments', 'checkout_chain_refunds', 'checkout_card_holds', 'checkout_fraud_checks',
    'checkout_webhook_outbox'
  ] LOOP
    CONTINUE WHEN to_regclass(format('%I.%I', store, t)) IS NULL;
    -- Never two copies: which one's rows count is for a person to say, not a migration.
    IF to_regclass(format('%I.%I', host, t)) IS NOT NULL THEN
      RAISE EXCEPTION 'both %.% and %.% exist; keep one and start again', store, t, host, t;
    END IF;
    EXECUTE format('ALTER TABLE %I.%I SET SCHEMA %I', store, t, host);
  END LOOP;
END
$$;

CREATE TABLE IF NOT EXISTS checkout_merchants (
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

CREATE TABLE IF NOT EXISTS checkout_sessions (
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
  status text NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'processing', 'authorized', 'paid', 'declined', 'expired', 'refunded')),
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
  -- SPEC §2's money parameters: each null while neither the merchant nor the page's link said it.
  auth_only boolean,
  webhook_info jsonb,
  settlement_type text CHECK (settlement_type IN ('Credits', 'USDC', 'Bank')),
  tokens jsonb,
  lock_default_token boolean,
  authorized_at timestamptz,
  UNIQUE (merchant_id, reference)
);
CREATE INDEX IF NOT EXISTS checkout_sessions_status ON checkout_sessions (status, expires_at);

-- One card charge attempt of a session through the card payment provider (its id is the provider's paymentId).
CREATE TABLE IF NOT EXISTS checkout_card_attempts (
  id text PRIMARY KEY,
  session_id text NOT NULL REFERENCES checkout_sessions(id),
  transaction_id text,
  status text NOT NULL CHECK (status IN ('started', 'challenge', 'approved', 'declined', 'failed')),
  challenge_url text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  -- The vault token paid with (never card data): the final payment after a 3-D Secure challenge reads the card by it.
  card_token text,
  -- The payer the attempt was made with (never card numbers): the final payment sends it again.
  payer jsonb
);
CREATE INDEX IF NOT EXISTS checkout_card_attempts_session ON checkout_card_attempts (session_id, created_at);

-- One bank-account (ACH) debit of a session through the store's ACH provider (its id is the provider's
-- paymentId). The account's numbers go to the provider only: the host keeps the provider's id for the
-- linked account and its last 4 digits. 'pending' until the bank settles it (reconciliation asks).
CREATE TABLE IF NOT EXISTS checkout_bank_attempts (
  id text PRIMARY KEY,
  session_id text NOT NULL REFERENCES checkout_sessions(id),
  user_payment_option_id text NOT NULL,
  account_last4 text NOT NULL,
  transaction_id text,
  status text NOT NULL CHECK (status IN ('started', 'pending', 'approved', 'declined', 'failed')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  payer jsonb
);
CREATE INDEX IF NOT EXISTS checkout_bank_attempts_session ON checkout_bank_attempts (session_id, created_at);
CREATE INDEX IF NOT EXISTS checkout_bank_attempts_pending ON checkout_bank_attempts (updated_at) WHERE status = 'pending';

-- A USDC payment of a session on one chain. tx_id is UNIQUE per chain: a transaction is never counted for
-- a second session (replay refusal); a Solana attempt keeps the fingerprint of the message it prepared.
CREATE TABLE IF NOT EXISTS checkout_chain_payments (
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
CREATE INDEX IF NOT EXISTS checkout_chain_payments_fingerprint ON checkout_chain_payments (fingerprint) WHERE fingerprint IS NOT NULL;
CREATE INDEX IF NOT EXISTS checkout_chain_payments_status ON checkout_chain_payments (status, updated_at);

-- The merchant webhook's outbox: written in the transaction that decides a session, delivered with retries.
CREATE TABLE IF NOT EXISTS checkout_webhook_outbox (
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
CREATE INDEX IF NOT EXISTS checkout_webhook_outbox_due ON checkout_webhook_outbox (next_attempt_at) WHERE delivered_at IS NULL;

-- A merchant's hold on its customer's card payments (ADR 031): none is taken until hold_until.
CREATE TABLE IF NOT EXISTS checkout_card_holds (
  merchant_id text NOT NULL REFERENCES checkout_merchants(id),
  customer_id text NOT NULL CHECK (length(customer_id) BETWEEN 1 AND 128),
  hold_until timestamptz NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (merchant_id, customer_id)
);

-- The fraud checks (ADR 045): one row per check made before a payment. payment_id is the card attempt, bank
-- attempt or chain payment the check let through; NULL when none started.
CREATE TABLE IF NOT EXISTS checkout_fraud_checks (
  id text PRIMARY KEY,
  session_id text NOT NULL REFERENCES checkout_sessions(id),
  method text NOT NULL CHECK (method IN ('card', 'ach', 'usdc')),
  payment_id text,
  device_id text,
  ip text,
  provider text NOT NULL,
  decision text NOT NULL CHECK (decision IN ('approve', 'decline', 'review')),
  score integer CHECK (score BETWEEN 0 AND 100),
  reason text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('checked', 'timeout', 'error')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS checkout_fraud_checks_session ON checkout_fraud_checks (session_id, created_at);
CREATE INDEX IF NOT EXISTS checkout_fraud_checks_payment ON checkout_fraud_checks (payment_id) WHERE payment_id IS NOT NULL;

-- Refunds of USDC sessions: one row per session (UNIQUE), inserting it is the claim that keeps two refund
-- calls from both sending; the signed transaction is stored before it is sent, so a retry sends the same bytes.
CREATE TABLE IF NOT EXISTS checkout_chain_refunds (
  id text PRIMARY KEY,
  session_id text NOT NULL UNIQUE REFERENCES checkout_sessions(id),
  chain text NOT NULL,
  sender text NOT NULL,
  recipient text NOT NULL,
  amount_base_units numeric(78, 0) NOT NULL CHECK (amount_base_units > 0),
  signed_transaction text,
  tx_id text,
  last_valid_block_height bigint,
  status text NOT NULL DEFAULT 'claimed' CHECK (status IN ('claimed', 'submitted', 'confirmed', 'failed')),
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX IF NOT EXISTS checkout_chain_refunds_status ON checkout_chain_refunds (status, updated_at);
