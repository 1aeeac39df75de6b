-- Issue 24: the pay page preselects the card the shopper paid with last (GET v1/payment/last-used-card),
-- found from their newest approved card payments. Until now payments were read by order only.
CREATE INDEX payments_user_idx ON payments(user_id, created_at DESC);
