-- Identity verification attempts (issue 10, ADR 016). kyc_records stays the shopper's SPEC §3 record
-- (attempts, decision, status) that getuser sends; each start of the provider's check is a row here.
-- Status vocabulary (ours, mapped from Jumio's workflow statuses): INITIATED (started), ACQUIRED (images
-- taken, being checked), DONE (Jumio PROCESSED: decision PASSED, REJECTED, WARNING or NOT_EXECUTED),
-- EXPIRED (Jumio SESSION_EXPIRED / TOKEN_EXPIRED). A status only moves forward (INITIATED < ACQUIRED <
-- DONE/EXPIRED), so a replayed or late callback changes nothing. An attempt is retired when a newer one
-- starts or an admin resets the record: a callback for a retired attempt changes nothing either.
CREATE TABLE kyc_attempts (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- 1, 2, 3 ... per shopper, in the order started (never reused, also across resets).
  number integer NOT NULL,
  account_id text NOT NULL,
  workflow_execution_id text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('INITIATED', 'ACQUIRED', 'DONE', 'EXPIRED')),
  decision text CHECK (decision IN ('PASSED', 'REJECTED', 'WARNING', 'NOT_EXECUTED')),
  retired_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CONSTRAINT kyc_attempts_user_id_number UNIQUE (user_id, number)
);
-- At most one current (not retired) attempt per shopper.
CREATE UNIQUE INDEX kyc_attempts_one_current ON kyc_attempts (user_id) WHERE retired_at IS NULL;

-- An admin's reset of a shopper's record (so they can verify again): who, when, and what it was before.
CREATE TABLE kyc_resets (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  admin_id text NOT NULL REFERENCES users(id),
  previous_attempts integer,
  previous_decision text,
  previous_status text,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX kyc_resets_user_id ON kyc_resets (user_id, created_at);
