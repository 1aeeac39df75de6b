-- Carts, coupons and coupon redemptions (issue 3). Money is integer cents; quantities integers.

-- One cart per shopper. version grows with every change, so an order placed from the cart can be made
-- idempotent per cart state ('cart:<id>:v<version>').
CREATE TABLE carts (
  id text PRIMARY KEY,
  user_id text NOT NULL UNIQUE REFERENCES users(id) ON DELETE CASCADE,
  coupon_id text,
  version integer NOT NULL DEFAULT 0,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);

-- item_id names a products or gift_cards row (by item_kind); prices are never stored here, they are
-- always read from the catalogue when the cart is priced.
CREATE TABLE cart_items (
  id text PRIMARY KEY,
  cart_id text NOT NULL REFERENCES carts(id) ON DELETE CASCADE,
  item_kind text NOT NULL CHECK (item_kind IN ('product', 'giftCard')),
  item_id text NOT NULL,
  quantity integer NOT NULL CHECK (quantity BETWEEN 1 AND 100),
  -- Insertion order, so the cart lists items the way the shopper added them.
  position integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  UNIQUE (cart_id, item_kind, item_id)
);

-- code is stored upper-case; lookups upper-case the input. redeemed_count counts reserved and redeemed
-- uses: it is raised atomically when an order reserves the coupon and lowered when the order fails.
CREATE TABLE coupons (
  id text PRIMARY KEY,
  code text NOT NULL UNIQUE CHECK (code = upper(code)),
  description text NOT NULL DEFAULT '',
  kind text NOT NULL CHECK (kind IN ('PERCENT', 'FIXED')),
  amount integer NOT NULL CHECK (amount > 0),
  starts_at timestamptz NOT NULL DEFAULT now(),
  ends_at timestamptz,
  min_subtotal_cents integer NOT NULL DEFAULT 0 CHECK (min_subtotal_cents >= 0),
  max_redemptions integer CHECK (max_redemptions > 0),
  per_user_limit integer CHECK (per_user_limit > 0),
  redeemed_count integer NOT NULL DEFAULT 0 CHECK (redeemed_count >= 0),
  -- A coupon issued to one shopper; NULL means anyone may use it.
  user_id text REFERENCES users(id) ON DELETE CASCADE,
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (kind <> 'PERCENT' OR amount <= 100),
  CHECK (max_redemptions IS NULL OR redeemed_count <= max_redemptions)
);

ALTER TABLE carts ADD CONSTRAINT carts_coupon_fk FOREIGN KEY (coupon_id) REFERENCES coupons(id) ON DELETE SET NULL;

-- One redemption per order (orders arrive in 0004, hence no foreign key on order_id).
CREATE TABLE coupon_redemptions (
  id text PRIMARY KEY,
  coupon_id text NOT NULL REFERENCES coupons(id),
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  order_id text NOT NULL UNIQUE,
  status text NOT NULL CHECK (status IN ('reserved', 'redeemed', 'released')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX coupon_redemptions_user_idx ON coupon_redemptions(coupon_id, user_id, status);
