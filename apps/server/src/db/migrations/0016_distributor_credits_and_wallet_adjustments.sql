-- Winnings credited by a game provider (a distributor), issue 10: one row per (distributor, the provider's
-- transaction id), so the same credit delivered any number of times, even at once, is applied once. The
-- row keeps what was credited: a replay naming another shopper or amount is refused (409), not applied.
-- The coins themselves are the ledger entry under reference 'distributor:{distributor}:{transaction_id}'.
CREATE TABLE distributor_credits (
  distributor text NOT NULL,
  transaction_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id),
  amount integer NOT NULL CHECK (amount > 0),
  reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT distributor_credits_distributor_transaction_id UNIQUE (distributor, transaction_id)
);

-- An admin's adjustment of one wallet (issue 10): who made it, when and why. The coins are the ledger
-- entry under reference 'adjustment:{id}' (reason 'adjustment'), written in the same transaction.
CREATE TABLE wallet_adjustments (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  wallet text NOT NULL CHECK (wallet IN ('purchasedWallet', 'winWallet', 'stackingWallet')),
  amount integer NOT NULL CHECK (amount <> 0),
  reason text NOT NULL,
  admin_id text NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX wallet_adjustments_user_id ON wallet_adjustments (user_id, created_at);
