-- Refunds of USDC sessions (issue 23): the USDC goes back from the settlement wallet to the paying wallet on
-- the session's chain. One row per session (UNIQUE): inserting it is the claim that keeps two refund calls
-- from both sending; a failed refund (nothing landed) is claimed again by moving it back to 'claimed'. The
-- signed transaction and its id are stored before it is sent, so a retry sends the same bytes (which land
-- at most once) instead of signing a second transfer.
CREATE TABLE checkout_chain_refunds (
  id text PRIMARY KEY,
  session_id text NOT NULL UNIQUE REFERENCES checkout_sessions(id),
  chain text NOT NULL,
  sender text NOT NULL,
  recipient text NOT NULL,
  amount_base_units numeric(78, 0) NOT NULL CHECK (amount_base_units > 0),
  signed_transaction text,
  tx_id text,
  last_valid_block_height bigint,
  status text NOT NULL DEFAULT 'claimed' CHECK (status IN ('claimed', 'submitted', 'confirmed', 'failed')),
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX checkout_chain_refunds_status ON checkout_chain_refunds (status, updated_at);
