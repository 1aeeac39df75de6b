-- Recovery of card payments that a crash or a lost notification left unfinished (issue 3).

-- (The sandbox transactions' order_id and client_unique_id index lived here until ADR 042: now db/sandbox-migrations/, outside the production schema.)

-- Payments still in flight (a provider call, a 3-D Secure step) are reconciled once they are old enough.
CREATE INDEX payments_in_flight_idx ON payments(updated_at) WHERE status IN ('initiated', 'challenge');
