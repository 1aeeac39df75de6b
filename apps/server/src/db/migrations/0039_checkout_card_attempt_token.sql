-- The hosted checkout's card attempt keeps the vault token it was paid with (issue 22, ADR 037): after a
-- 3-D Secure challenge the host's own return page sends the final payment (relatedTransactionId) of the
-- same card, which the card provider reads from the vault by this token. A vault token, never card data.
ALTER TABLE checkout_card_attempts ADD COLUMN card_token text;
