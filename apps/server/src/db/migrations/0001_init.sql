-- Accounts, sessions and one-time e-mail tokens.
CREATE TABLE users (
  id text PRIMARY KEY,
  email text NOT NULL UNIQUE,
  password_hash text NOT NULL,
  firstname text NOT NULL,
  lastname text NOT NULL,
  role text NOT NULL DEFAULT 'USER' CHECK (role IN ('USER', 'ADMIN')),
  image text,
  address jsonb,
  last_ip text,
  email_verified_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

CREATE TABLE sessions (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- sha256 of the token; the token itself is never stored.
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  revoked_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sessions_user_idx ON sessions(user_id);

CREATE TABLE email_tokens (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
  token_hash text NOT NULL UNIQUE,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_tokens_user_idx ON email_tokens(user_id, purpose);

-- Mail kept locally when no SMTP server is configured (shown at /mailbox).
CREATE TABLE mailbox (
  id text PRIMARY KEY,
  to_address text NOT NULL,
  subject text NOT NULL,
  text_body text NOT NULL,
  html_body text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX mailbox_to_idx ON mailbox(to_address, created_at DESC);

CREATE TABLE settings (
  key text PRIMARY KEY,
  value jsonb NOT NULL,
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- Catalogue. Prices are integer cents, coins integer.
CREATE TABLE products (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  image text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  coins integer NOT NULL CHECK (coins >= 0),
  is_available boolean NOT NULL DEFAULT true,
  bonus_type text CHECK (bonus_type IN ('PERCENTAGE', 'COINS')),
  bonus_amount integer CHECK (bonus_amount >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX products_listing_idx ON products(is_available DESC, price_cents);

CREATE TABLE gift_cards (
  id text PRIMARY KEY,
  name text NOT NULL,
  description text NOT NULL,
  image text NOT NULL,
  brand text NOT NULL,
  price_cents integer NOT NULL CHECK (price_cents >= 0),
  coins integer NOT NULL DEFAULT 0 CHECK (coins >= 0),
  is_available boolean NOT NULL DEFAULT true,
  bonus_type text CHECK (bonus_type IN ('PERCENTAGE', 'COINS')),
  bonus_amount integer CHECK (bonus_amount >= 0),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- channel: 'web' for active-promotion-web, 'app' for active-promotion; kind 'active' or an
-- eligibility rule such as 'first-purchase'.
CREATE TABLE promotions (
  id text PRIMARY KEY,
  name text NOT NULL,
  channel text NOT NULL CHECK (channel IN ('web', 'app')),
  kind text NOT NULL DEFAULT 'active' CHECK (kind IN ('active', 'first-purchase')),
  bonus_type text NOT NULL CHECK (bonus_type IN ('PERCENTAGE', 'COINS')),
  bonus_percentage integer NOT NULL CHECK (bonus_percentage >= 0),
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- Append-only coin ledger: balances are sums of entries, never updated in place.
CREATE TABLE ledger_entries (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  wallet text NOT NULL CHECK (wallet IN ('purchasedWallet', 'winWallet', 'stackingWallet')),
  amount integer NOT NULL,
  reason text NOT NULL,
  -- Idempotency: one entry per (reference, wallet); a repeated credit for the same event is refused.
  reference text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (reference, wallet)
);
CREATE INDEX ledger_user_idx ON ledger_entries(user_id, wallet);

-- Identity verification record (SPEC §3 "jumio").
CREATE TABLE kyc_records (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  attempts integer NOT NULL DEFAULT 0,
  decision text,
  status text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
