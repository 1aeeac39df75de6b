-- The card provider's cashier (issue 9, ADR 014): cards the shopper saved on the provider's hosted
-- payment page (SPEC §3 userSavedNuveiCashierCards). The cashier sandbox's own state is in db/sandbox-migrations (ADR 042).

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

-- (The sandbox cashier's side (cashier_sandbox_sessions, cashier_sandbox_cards) lived here until ADR 042: now db/sandbox-migrations/, outside the production schema.)
