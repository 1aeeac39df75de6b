-- Orders, their lines, gift-card code stock and the transactional outbox (issue 3, ORDERS).
-- Money is integer cents, coins integer. coupon_id has no foreign key so this file does not depend on
-- the order in which the coupon tables arrive; the order keeps the coupon it was priced with.
CREATE TABLE orders (
  id text PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id),
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'paid', 'fulfilled', 'failed', 'canceled', 'refunded')),
  source text NOT NULL CHECK (source IN ('cart', 'buy-now')),
  -- 'cart:<cartId>:v<version>' for cart orders: placing the same cart twice gives the same order.
  idempotency_key text NOT NULL,
  subtotal_cents integer NOT NULL CHECK (subtotal_cents >= 0),
  discount_cents integer NOT NULL DEFAULT 0 CHECK (discount_cents >= 0),
  tax_cents integer NOT NULL DEFAULT 0 CHECK (tax_cents >= 0),
  total_cents integer NOT NULL CHECK (total_cents >= 0),
  coins integer NOT NULL CHECK (coins >= 0),
  bonus_coins integer NOT NULL DEFAULT 0 CHECK (bonus_coins >= 0),
  coupon_id text,
  coupon_code text,
  promotion_id text,
  eligibility_promotion_id text,
  tax_state text,
  -- True while gift-card codes and the coupon are held for a payment in progress.
  reservations_held boolean NOT NULL DEFAULT false,
  payment_id text,
  failure_reason text,
  created_at timestamptz NOT NULL DEFAULT now(),
  paid_at timestamptz,
  fulfilled_at timestamptz
);
-- A failed or canceled order frees its key, so the same cart can be ordered again afterwards.
CREATE UNIQUE INDEX orders_idempotency_key_live ON orders(idempotency_key) WHERE status NOT IN ('failed', 'canceled');
CREATE INDEX orders_user_idx ON orders(user_id, created_at DESC);
CREATE INDEX orders_paid_idx ON orders(status) WHERE status = 'paid';

CREATE TABLE order_items (
  id text PRIMARY KEY,
  order_id text NOT NULL REFERENCES orders(id) ON DELETE CASCADE,
  item_kind text NOT NULL CHECK (item_kind IN ('product', 'giftCard')),
  item_id text NOT NULL,
  name text NOT NULL,
  unit_price_cents integer NOT NULL CHECK (unit_price_cents >= 0),
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 100),
  coins integer NOT NULL CHECK (coins >= 0),
  bonus_coins integer NOT NULL DEFAULT 0 CHECK (bonus_coins >= 0),
  position integer NOT NULL DEFAULT 0
);
CREATE INDEX order_items_order_idx ON order_items(order_id);

-- Stock of gift-card codes. A code is free (order_id NULL), reserved for an order being paid
-- (reserved_at set), or assigned to its buyer (assigned_at set) once the order is fulfilled.
CREATE TABLE gift_card_codes (
  id text PRIMARY KEY,
  gift_card_id text NOT NULL REFERENCES gift_cards(id),
  code text NOT NULL UNIQUE,
  order_id text REFERENCES orders(id),
  user_id text REFERENCES users(id),
  reserved_at timestamptz,
  assigned_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX gift_card_codes_free_idx ON gift_card_codes(gift_card_id) WHERE order_id IS NULL;
CREATE INDEX gift_card_codes_order_idx ON gift_card_codes(order_id);

-- Work that must follow a committed change (receipt mail, live events): written in the same
-- transaction as the change, delivered at least once by the outbox plugin.
CREATE TABLE outbox (
  id bigserial PRIMARY KEY,
  topic text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  -- Not picked before this time: a claim leases the row, a failure backs it off.
  available_at timestamptz NOT NULL DEFAULT now(),
  processed_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  last_error text
);
CREATE INDEX outbox_pending_idx ON outbox(available_at, id) WHERE processed_at IS NULL;
