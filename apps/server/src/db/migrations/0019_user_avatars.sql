-- The shopper's profile picture (issue 10, ADR 019): one per user, stored here as the re-encoded WebP the
-- store serves (never the upload itself), so every instance serves it whatever disk it runs on. `key` is
-- the hash of owner and content that names it in its public URL (/api/v1/user/avatar/{key}.webp): a new
-- picture gets a new URL, so the old one can be cached for good. users.image holds that URL.
CREATE TABLE user_avatars (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  key text NOT NULL UNIQUE CHECK (key ~ '^[a-f0-9]{32}$'),
  content_type text NOT NULL CHECK (content_type = 'image/webp'),
  bytes bytea NOT NULL CHECK (octet_length(bytes) > 0),
  width integer NOT NULL CHECK (width > 0),
  height integer NOT NULL CHECK (height > 0),
  created_at timestamptz NOT NULL DEFAULT now()
);
