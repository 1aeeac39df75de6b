-- An admin's refund of an order through its provider (issue 12, ADR 026). The refund is claimed before
-- the provider is called: the order's approved payment moves to 'refunding' in a conditional update, so
-- two admins at once cannot both refund it; the provider's answer moves it on to 'refunded' (with the
-- order and the ledger's reversal) or back to 'approved' (declined).
ALTER TABLE payments DROP CONSTRAINT payments_status_check;
ALTER TABLE payments ADD CONSTRAINT payments_status_check
  CHECK (status IN ('initiated', 'challenge', 'pending', 'approved', 'refunding', 'declined', 'failed', 'refunded', 'reversed'));
