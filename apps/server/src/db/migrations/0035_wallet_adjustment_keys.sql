-- An admin's wallet adjustment carries an idempotency key (issue 21, ADR 035): a retry of the same
-- adjustment (a double click, a timeout, a replayed request) finds the first by its key and answers it
-- again instead of moving the coins twice. Keys are the admin's own: unique per admin, and the shopper's
-- wallets as the first adjustment left them are kept to answer the retry with. Adjustments made before
-- this migration have no key.
ALTER TABLE wallet_adjustments ADD COLUMN idempotency_key text;
ALTER TABLE wallet_adjustments ADD COLUMN coins_after jsonb;
CREATE UNIQUE INDEX wallet_adjustments_admin_idempotency_key ON wallet_adjustments (admin_id, idempotency_key)
  WHERE idempotency_key IS NOT NULL;
