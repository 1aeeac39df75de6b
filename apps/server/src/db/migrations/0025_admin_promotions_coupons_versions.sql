-- The admin console's promotions, coupons and settings (issue 12, ADR 024): a version per row that every admin edit
-- raises, so of two admins editing the same row from the same copy the second is refused (409) instead of
-- silently undoing the first. Shoppers' use of a coupon (redeemed_count) does not touch it: an admin's
-- edit is never refused because someone bought something meanwhile.
ALTER TABLE promotions ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version > 0);
ALTER TABLE promotions ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE coupons ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version > 0);
ALTER TABLE coupons ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
-- Settings rows too: every write raises it (the console's settings page edits three rows at once).
ALTER TABLE settings ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version > 0);
-- The console lists promotions and coupons newest first.
CREATE INDEX promotions_created_idx ON promotions (created_at DESC, id DESC);
CREATE INDEX coupons_created_idx ON coupons (created_at DESC, id DESC);
