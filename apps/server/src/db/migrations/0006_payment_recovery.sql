-- Recovery of card payments that a crash or a lost notification left unfinished (issue 3).

-- The sandbox keeps the clientUniqueId it is given (our payment id), as Nuvei does, so a payment can
-- be looked up by it; the order is kept beside it for the challenge page's way back to the store.
ALTER TABLE sandbox_transactions ADD COLUMN order_id text;
UPDATE sandbox_transactions SET order_id = client_unique_id WHERE client_unique_id <> 'card-verification';
CREATE INDEX sandbox_transactions_client_unique_idx ON sandbox_transactions(client_unique_id, created_at);

-- Payments still in flight (a provider call, a 3-D Secure step) are reconciled once they are old enough.
CREATE INDEX payments_in_flight_idx ON payments(updated_at) WHERE status IN ('initiated', 'challenge');
