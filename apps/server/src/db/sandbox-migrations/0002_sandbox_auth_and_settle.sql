-- The Nuvei card sandbox authorises without capture (transactionType 'Auth', issue 23) and settles an
-- authorisation once (settleTransaction, a 'settle' transaction related to it), as Nuvei does: a settle
-- of an unknown, declined or already settled authorisation is refused.
ALTER TABLE sandbox_transactions ADD COLUMN IF NOT EXISTS transaction_type text NOT NULL DEFAULT 'Sale'
  CHECK (transaction_type IN ('Sale', 'Auth'));
ALTER TABLE sandbox_transactions ADD COLUMN IF NOT EXISTS settled_at timestamptz;
ALTER TABLE sandbox_transactions DROP CONSTRAINT IF EXISTS sandbox_transactions_kind_check;
ALTER TABLE sandbox_transactions ADD CONSTRAINT sandbox_transactions_kind_check CHECK (kind IN ('init', 'payment', 'refund', 'settle'));
