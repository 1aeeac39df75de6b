-- The admin console's catalogue (issue 12, ADR 023): products and gift cards edited from the browser.
-- version: raised by every admin edit, so of two admins editing the same item from the same copy the second
--   is refused (409) instead of silently undoing the first.
-- position: the display order an admin sets (lower first); the shop's listing orders by it.
-- is_hidden: taken off the shop altogether (not listed, not buyable). A hidden item is never on sale, so the
--   cart and checkout, which read is_available, refuse it as they refuse a sold-out one.
ALTER TABLE products ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version > 0);
ALTER TABLE products ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE products ADD COLUMN position integer NOT NULL DEFAULT 0 CHECK (position BETWEEN 0 AND 1000000);
ALTER TABLE products ADD COLUMN is_hidden boolean NOT NULL DEFAULT false;
ALTER TABLE products ADD CONSTRAINT products_hidden_not_on_sale CHECK (NOT (is_hidden AND is_available));
ALTER TABLE gift_cards ADD COLUMN version integer NOT NULL DEFAULT 1 CHECK (version > 0);
ALTER TABLE gift_cards ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
ALTER TABLE gift_cards ADD COLUMN position integer NOT NULL DEFAULT 0 CHECK (position BETWEEN 0 AND 1000000);
ALTER TABLE gift_cards ADD COLUMN is_hidden boolean NOT NULL DEFAULT false;
ALTER TABLE gift_cards ADD CONSTRAINT gift_cards_hidden_not_on_sale CHECK (NOT (is_hidden AND is_available));

-- Pictures an admin uploads for the catalogue, re-encoded as WebP (never the upload itself) and served by
-- the catalogue's assets under /assets/products/uploads/{key}.webp, from the database so every instance
-- serves them whatever disk it runs on. key: the first 32 hex digits of the SHA-256 of the bytes.
CREATE TABLE catalog_images (
  key text PRIMARY KEY CHECK (key ~ '^[a-f0-9]{32}$'),
  content_type text NOT NULL CHECK (content_type = 'image/webp'),
  bytes bytea NOT NULL CHECK (octet_length(bytes) > 0),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  uploaded_by text NOT NULL REFERENCES users(id),
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The console's lists: by position, then name.
CREATE INDEX products_admin_order_idx ON products (position, name, id);
CREATE INDEX gift_cards_admin_order_idx ON gift_cards (position, name, id);
-- Codes left per gift card, by state (free, held by a payment, sold).
CREATE INDEX gift_card_codes_card_idx ON gift_card_codes (gift_card_id, order_id, assigned_at);
