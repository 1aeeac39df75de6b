-- Bank account payments (ACH) through the card provider (issue 9, ADR 011).

-- The shopper's linked bank accounts: only what they need to recognise one (the bank's name, the
-- account's last 4 digits, its type) and the provider's id for it (Nuvei's userPaymentOptionId). No
-- routing or account number is kept.
CREATE TABLE bank_accounts (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  provider text NOT NULL,
  bank_name text NOT NULL,
  last4 text NOT NULL,
  account_type text NOT NULL CHECK (account_type IN ('checking', 'savings')),
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX bank_accounts_user_idx ON bank_accounts(user_id, created_at DESC) WHERE deleted_at IS NULL;

-- A bank-linking session: POST v1/nuvei/add_bank (or v1/nuvei/payment/ach without an account) opens
-- one, the bank-linking page takes the numbers once (its URL carries a secret; only its SHA-256 is kept,
-- cleared when used), and POST v1/checkout/saved-bank reads what it linked. With order_id the order is
-- paid from the account as soon as it is linked.
CREATE TABLE bank_links (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  secret_hash text,
  order_id text,
  pay_on_link boolean NOT NULL DEFAULT false,
  status text NOT NULL CHECK (status IN ('open', 'linked')),
  bank_account_id text REFERENCES bank_accounts(id),
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL
);

-- A payment whose money came back after it was approved (an ACH return, later a chargeback): its
-- coins were taken back through the ledger and the order refunded.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('initiated', 'challenge', 'pending', 'approved', 'declined', 'failed', 'refunded', 'reversed'));

-- Accounts a returned bank payment flagged: they may no longer pay by bank account. One row per event.
CREATE TABLE account_flags (
  user_id text NOT NULL REFERENCES users(id),
  reason text NOT NULL CHECK (reason IN ('bank_payment_returned')),
  reference text NOT NULL,
  detail text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (user_id, reference)
);

-- The sandbox's own book of ACH (as Nuvei keeps it): the bank accounts it linked, with what each
-- test account does (settle, fail before settlement, or return after it), and its debits.
CREATE TABLE sandbox_ach_accounts (
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
CREATE TABLE sandbox_ach_debits (
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
CREATE INDEX sandbox_ach_debits_due_idx ON sandbox_ach_debits(settle_at) WHERE status = 'pending';
CREATE INDEX sandbox_ach_debits_payment_idx ON sandbox_ach_debits(client_unique_id);
