-- Card tokens nothing uses expire and are deleted (issue 21, ADR 032).
--
-- expires_at: until when an unused token works (VAULT_TOKEN_TTL_MINUTES after it was stored).
-- used_at: when a provider first read the card (a payment, a card check, a provider sandbox's card): from
-- then on the token is kept, since a payment, a saved card or a sandbox's book may refer to it.
ALTER TABLE vault_cards ADD COLUMN expires_at timestamptz;
ALTER TABLE vault_cards ADD COLUMN used_at timestamptz;

-- Tokens stored before this migration are kept: which of them a saved card, a payment or a provider
-- sandbox's book (JSON) refers to cannot be told here, so all count as used since they were stored.
UPDATE vault_cards SET used_at = created_at;

-- The delete job's search: unused tokens by expiry.
CREATE INDEX vault_cards_unused_expiry_idx ON vault_cards (expires_at) WHERE used_at IS NULL;
