-- A provider-neutral payments core (issue 9, ADR 009): every payment attempt names its method kind
-- beside the provider that serves it, and a payment may wait for its money to settle.

-- What the shopper pays with (packages/shared paymentMethodKind). Rows written before this were all
-- card payments: with a saved card when they name one, else with a fresh card.
ALTER TABLE payments ADD COLUMN method text;
UPDATE payments SET method = CASE WHEN user_payment_option_id IS NOT NULL THEN 'saved_card' ELSE 'card' END;
ALTER TABLE payments ALTER COLUMN method SET NOT NULL;
ALTER TABLE payments ADD CONSTRAINT payments_method_check
  CHECK (method IN ('card', 'saved_card', 'bank_account', 'cashier', 'stripe_card', 'cash_app', 'square_card'));

-- 'pending': the provider took the payment but its money has not settled (a bank payment); a later
-- notification or lookup decides. It is in flight like 'initiated' and 'challenge' (ADR 005): it holds
-- its order's one slot, and reconciliation asks the provider about it.
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('initiated', 'challenge', 'pending', 'approved', 'declined', 'failed', 'refunded'));
DROP INDEX payments_one_attempt_in_flight_idx;
CREATE UNIQUE INDEX payments_one_attempt_in_flight_idx ON payments(order_id) WHERE status IN ('initiated', 'challenge', 'pending');
DROP INDEX payments_in_flight_idx;
CREATE INDEX payments_in_flight_idx ON payments(updated_at) WHERE status IN ('initiated', 'challenge', 'pending');
