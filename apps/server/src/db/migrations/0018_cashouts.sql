-- Cash-outs (issue 10, ADR 017). A shopper asks to be paid part of winWallet to a saved bank account;
-- the coins move at once from winWallet to the ledger's hold wallet 'cashOutHold' (two entries under
-- 'cashout:{id}:hold' that sum to zero), so the shopper's three wallets drop and the ledger balances.
-- An admin approves (the payout goes to the provider; PAID takes the coins out of the hold, ledger
-- kind payout) or rejects (the coins go back to winWallet, kind return); a refused payout is FAILED and
-- the coins go back too.
ALTER TABLE ledger_entries DROP CONSTRAINT IF EXISTS ledger_entries_wallet_check;
ALTER TABLE ledger_entries ADD CONSTRAINT ledger_entries_wallet_check
  CHECK (wallet IN ('purchasedWallet', 'winWallet', 'stackingWallet', 'cashOutHold'));

CREATE TABLE cashouts (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  amount integer NOT NULL CHECK (amount > 0),
  amount_cents integer NOT NULL CHECK (amount_cents >= 0),
  -- The saved bank account (bank_accounts.id, the provider's userPaymentOptionId) and what it showed then.
  user_payment_option_id text NOT NULL,
  provider text NOT NULL,
  bank_name text NOT NULL,
  last4 text NOT NULL,
  status text NOT NULL DEFAULT 'PENDING' CHECK (status IN ('PENDING', 'APPROVED', 'PAID', 'REJECTED', 'FAILED')),
  rejection_reason text,
  failure_reason text,
  -- Who approved or rejected it, and when.
  decided_by text REFERENCES users(id),
  decided_at timestamptz,
  -- The payout: its idempotency key (the same on every retry), the provider's transaction id, when paid.
  payout_key text NOT NULL UNIQUE,
  payout_transaction_id text,
  paid_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cashouts_user_id ON cashouts (user_id, created_at);
CREATE INDEX cashouts_status ON cashouts (status, created_at);

-- (The sandbox ACH payouts (sandbox_ach_payouts) lived here until ADR 042: now db/sandbox-migrations/, outside the production schema.)
