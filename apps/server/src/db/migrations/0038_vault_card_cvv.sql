-- A new card's CVV, typed in the vault's card frame beside the number (issue 22, ADR 038).
--
-- cvv: the CVV sealed with AES-256-GCM under the vault key (iv, tag and ciphertext in one text, the card
-- token and a label its additional data), kept only until the relay sends it to the provider: the first
-- relay use takes it (sets it NULL in the statement that reads it); the delete job clears it once the
-- token's expires_at has passed, used or not. Never a plain CVV: card rules allow keeping one only until
-- the authorization, and only encrypted.
ALTER TABLE vault_cards ADD COLUMN cvv text;

-- The delete job's search for CVVs left past their token's time (a token a payment read but no relay took
-- the CVV of: an abandoned payment, a provider that takes no CVV).
CREATE INDEX vault_cards_cvv_expiry_idx ON vault_cards (expires_at) WHERE cvv IS NOT NULL;
