-- Issue 25 (ADR 057): payments no longer reads orders. Whether an approved payment paid its order (the
-- order names it as its payment) is now the payment's own fact, written in the approval's transaction by
-- the pay-an-order workflow; reconciliation lists the approvals that did not (an order still pending, or
-- one that cannot take it: to be refunded) from payments alone.
ALTER TABLE payments ADD COLUMN paid_order boolean NOT NULL DEFAULT false;
UPDATE payments SET paid_order = true FROM orders WHERE orders.payment_id = payments.id;
CREATE INDEX payments_unsettled_approvals_idx ON payments(updated_at) WHERE status = 'approved' AND NOT paid_order;
