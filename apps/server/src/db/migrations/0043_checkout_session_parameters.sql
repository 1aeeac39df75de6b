-- The hosted checkout's session honours the money parameters of SPEC §2 (issue 23):
-- - authOnly: a card payment is only authorised ('authorized'), and the merchant captures it later;
-- - webhookInfo: the merchant's own data, echoed in every webhook of the session;
-- - settlementType, tokens, lockDefaultToken: what the merchant receives, echoed in the success info and webhooks.
-- Each is null while neither the merchant (at creation) nor the page's link said it.
-- A card or bank attempt keeps the payer it was made with (billing names, e-mail, address; never card or
-- account numbers): a card's final payment after a 3-D Secure challenge sends the same billing data again.
ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_status_check;
ALTER TABLE checkout_sessions ADD CONSTRAINT checkout_sessions_status_check
  CHECK (status IN ('open', 'processing', 'authorized', 'paid', 'declined', 'expired', 'refunded'));
ALTER TABLE checkout_sessions
  ADD COLUMN auth_only boolean,
  ADD COLUMN webhook_info jsonb,
  ADD COLUMN settlement_type text CHECK (settlement_type IN ('Credits', 'USDC', 'Bank')),
  ADD COLUMN tokens jsonb,
  ADD COLUMN lock_default_token boolean,
  ADD COLUMN authorized_at timestamptz;
ALTER TABLE checkout_card_attempts ADD COLUMN payer jsonb;
ALTER TABLE checkout_bank_attempts ADD COLUMN payer jsonb;
