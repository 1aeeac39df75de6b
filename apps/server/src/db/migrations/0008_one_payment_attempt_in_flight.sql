-- The audit of issue 7: one payment attempt in flight per order, and a 3-D Secure page bound to a secret.

-- At most one attempt per order may be in flight (initiated: a provider call or step 2 to come;
-- challenge: at the bank's page), enforced here rather than only during the 'local:' placeholder (0005).
-- Rows written before this rule may hold several for one order: the newest stays in flight, the older
-- ones fail the way a superseded attempt does (ADR 005). Should one of them still be approved at the
-- provider, its approval is recorded from 'failed' and pays the order or is refunded, as any late one.
UPDATE payments p
SET status = 'failed', decline_reason = 'superseded by a newer payment attempt', updated_at = now()
WHERE p.status IN ('initiated', 'challenge')
  AND EXISTS (
    SELECT 1 FROM payments newer
    WHERE newer.order_id = p.order_id
      AND newer.status IN ('initiated', 'challenge')
      AND (newer.created_at, newer.id) > (p.created_at, p.id)
  );
DROP INDEX payments_one_in_flight_idx;
CREATE UNIQUE INDEX payments_one_attempt_in_flight_idx ON payments(order_id) WHERE status IN ('initiated', 'challenge');

-- (The sandbox challenge page's secret hash (sandbox_transactions.challenge_secret_hash) lived here until ADR 042: now db/sandbox-migrations/, outside the production schema.)
