-- Card payments (issue 3): the card vault, saved cards, payment attempts and the sandbox gateway's
-- own transaction book.

-- The vault: card data encrypted with AES-256-GCM. Only the vault and the sandbox gateway read it;
-- the API stores and sees tokens only.
CREATE TABLE vault_cards (
  token text PRIMARY KEY,
  ciphertext text NOT NULL,
  iv text NOT NULL,
  auth_tag text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL CHECK (last4 ~ '^[0-9]{4}$'),
  exp_month int NOT NULL CHECK (exp_month BETWEEN 1 AND 12),
  exp_year int NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- A shopper's saved cards; id is the provider's userPaymentOptionId. Deleting only marks the row.
CREATE TABLE saved_cards (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  provider text NOT NULL,
  vault_token text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month int NOT NULL,
  exp_year int NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX saved_cards_user_idx ON saved_cards(user_id, created_at DESC) WHERE deleted_at IS NULL;

CREATE TABLE payments (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders(id),
  user_id text NOT NULL REFERENCES users(id),
  provider text NOT NULL,
  transaction_id text NOT NULL UNIQUE,
  related_transaction_id text,
  status text NOT NULL CHECK (status IN ('initiated', 'challenge', 'approved', 'declined', 'failed', 'refunded')),
  amount_cents int NOT NULL CHECK (amount_cents >= 0),
  three_d_version text,
  decline_reason text,
  -- The card the payment used, so an approval can save it (vault token or saved card id).
  card_token text,
  user_payment_option_id text,
  save_card boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX payments_order_idx ON payments(order_id);

-- (The sandbox gateway's book of transactions (sandbox_transactions) lived here until ADR 042: now db/sandbox-migrations/, outside the production schema.)

-- One provider call in flight per order: a payment row is written (with a local placeholder id)
-- before the provider is called, so a double-submitted form cannot charge twice.
CREATE UNIQUE INDEX payments_one_in_flight_idx ON payments(order_id) WHERE status = 'initiated' AND transaction_id LIKE 'local:%';
