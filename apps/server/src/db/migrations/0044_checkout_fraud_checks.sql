-- The hosted checkout's fraud checks (issue 23, ADR 045): one row per check the host made before a payment,
-- with the device id the page sent and the verdict it acted on. payment_id is the card attempt, bank attempt
-- or chain payment the check let through; NULL when none started (the check declined it, and no provider was
-- called; or the bank refused the account).
-- Numbered 0044 because another change of issue 23 may take 0043.
CREATE TABLE checkout_fraud_checks (
  id text PRIMARY KEY,
  session_id text NOT NULL REFERENCES checkout_sessions(id),
  method text NOT NULL CHECK (method IN ('card', 'ach', 'usdc')),
  payment_id text,
  device_id text,
  ip text,
  provider text NOT NULL,
  decision text NOT NULL CHECK (decision IN ('approve', 'decline', 'review')),
  score integer CHECK (score BETWEEN 0 AND 100),
  reason text NOT NULL,
  outcome text NOT NULL CHECK (outcome IN ('checked', 'timeout', 'error')),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checkout_fraud_checks_session ON checkout_fraud_checks (session_id, created_at);
CREATE INDEX checkout_fraud_checks_payment ON checkout_fraud_checks (payment_id) WHERE payment_id IS NOT NULL;
