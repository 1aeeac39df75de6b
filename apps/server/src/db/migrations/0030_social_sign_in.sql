-- Sign in with Apple and Facebook (issue 12, ADR 029).

-- Which identity at which provider belongs to which user: one per provider and subject, and at most one
-- per user and provider. What the provider last said about the person (e-mail, name, picture) fills the
-- web's fbData / appleData.
CREATE TABLE social_identities (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  provider text NOT NULL CHECK (provider IN ('apple', 'facebook')),
  subject text NOT NULL CHECK (length(subject) BETWEEN 1 AND 255),
  email text,
  email_verified boolean NOT NULL DEFAULT false,
  is_private_email boolean NOT NULL DEFAULT false,
  name text,
  picture text,
  last_sign_in_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (provider, subject),
  UNIQUE (user_id, provider)
);

-- One row per started sign-in: what the callback must check (state, nonce) and prove (the PKCE
-- verifier), keyed by a hash of the state. Single use (used_at) and short-lived (expires_at).
CREATE TABLE social_sign_in_states (
  state_hash text PRIMARY KEY,
  provider text NOT NULL CHECK (provider IN ('apple', 'facebook')),
  state text NOT NULL,
  nonce text NOT NULL,
  code_verifier text NOT NULL,
  redirect_uri text NOT NULL,
  -- sha256 of a secret the starting browser keeps: only that browser can finish the sign-in.
  binding_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX social_sign_in_states_expires ON social_sign_in_states (expires_at);

-- The hand-over from the callback to the web page: a one-time code (hashed) the page trades for a
-- session by POST, so no session token ever travels in a URL.
CREATE TABLE social_sign_in_handoffs (
  code_hash text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  provider text NOT NULL CHECK (provider IN ('apple', 'facebook')),
  binding_hash text NOT NULL,
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The sign-in method of a session: 'apple', 'facebook' or null (password, demo login). GET v1/getuser
-- answers it as provider (SPEC §3).
ALTER TABLE sessions ADD COLUMN sign_in_provider text CHECK (sign_in_provider IN ('apple', 'facebook'));
