-- The audit of issue 3: a first-purchase bonus credited at most once per shopper, and reservations
-- (gift-card codes, coupon uses) that expire when their order is not paid in time.

-- The part of bonus_coins that came from the first-purchase (eligibility) promotion, so fulfilment can
-- take it back out when the shopper turns out not to be on their first purchase any more.
ALTER TABLE orders ADD COLUMN eligibility_bonus_coins integer NOT NULL DEFAULT 0 CHECK (eligibility_bonus_coins >= 0);
-- When the order last took or confirmed its reservations (prepare for payment); NULL while it holds none.
ALTER TABLE orders ADD COLUMN reserved_at timestamptz;

-- Orders still open carry the eligibility bonus they were priced with (the promotion table's convention:
-- for COINS, bonus_percentage holds the coins). Fulfilled orders keep what they were credited.
UPDATE orders o
SET eligibility_bonus_coins = LEAST(o.bonus_coins, CASE
  WHEN p.bonus_type = 'COINS' THEN p.bonus_percentage
  ELSE (o.coins * p.bonus_percentage) / 100
END)
FROM promotions p
WHERE p.id = o.eligibility_promotion_id AND o.coins > 0 AND o.status IN ('pending', 'paid');

-- Reservations held before this migration count from their order's creation.
UPDATE orders SET reserved_at = created_at WHERE reservations_held;
CREATE INDEX orders_held_reservations_idx ON orders(reserved_at) WHERE status = 'pending' AND reservations_held;

-- One row per shopper: the order that was their first fulfilled purchase. Written in the fulfilment
-- transaction; the primary key lets only one order ever claim it, so only that order keeps the
-- first-purchase bonus, however many were priced with it before either was paid.
CREATE TABLE first_purchases (
  user_id text PRIMARY KEY REFERENCES users(id),
  order_id text NOT NULL UNIQUE REFERENCES orders(id),
  created_at timestamptz NOT NULL DEFAULT now()
);
INSERT INTO first_purchases (user_id, order_id)
SELECT DISTINCT ON (user_id) user_id, id
FROM orders
WHERE status IN ('fulfilled', 'refunded')
ORDER BY user_id, fulfilled_at NULLS LAST, created_at, id;
