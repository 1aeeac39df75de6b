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

-- (The sandbox ACH book (sandbox_ach_accounts, sandbox_ach_debits) lived here until ADR 042: now db/sandbox-migrations/, outside the production schema.)
