-- The card provider's cashier (issue 9, ADR 014): cards the shopper saved on the provider's hosted
-- payment page (SPEC §3 userSavedNuveiCashierCards), and the cashier sandbox's own state.

CREATE TABLE cashier_saved_cards (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  provider text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  deleted_at timestamptz
);
CREATE INDEX cashier_saved_cards_user_idx ON cashier_saved_cards(user_id, created_at DESC) WHERE deleted_at IS NULL;

-- The provider's side (used only when the cashier sandbox stands in for the provider).
CREATE TABLE cashier_sandbox_sessions (
  id text PRIMARY KEY,
  client_unique_id text NOT NULL,
  user_token_id text NOT NULL,
  amount_cents integer NOT NULL,
  currency text NOT NULL,
  notify_url text NOT NULL,
  success_url text NOT NULL,
  error_url text NOT NULL,
  back_url text NOT NULL,
  secret_hash text,
  status text NOT NULL CHECK (status IN ('open', 'approved', 'declined', 'canceled', 'refunded')),
  transaction_id text UNIQUE,
  decline_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  decided_at timestamptz
);
CREATE INDEX cashier_sandbox_sessions_client_idx ON cashier_sandbox_sessions(client_unique_id);

CREATE TABLE cashier_sandbox_cards (
  id text PRIMARY KEY,
  user_token_id text NOT NULL,
  vault_token text NOT NULL,
  brand text NOT NULL,
  last4 text NOT NULL,
  exp_month integer NOT NULL,
  exp_year integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX cashier_sandbox_cards_user_idx ON cashier_sandbox_cards(user_token_id);
