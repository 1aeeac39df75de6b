-- Session recording and replay (issue 12, ADR 028): recorded browser sessions, their event batches, and the
-- shoppers who opted out on every device.

-- One browser session, named by the random id the browser made. Who (when signed in), where (the paths and
-- the orders it visited), with what browser, and when: what the admin console filters and lists by.
CREATE TABLE recording_sessions (
  id text PRIMARY KEY CHECK (id ~ '^[A-Za-z0-9_-]{16,64}$'),
  user_id text REFERENCES users(id) ON DELETE SET NULL,
  chat_id text,
  order_ids text[] NOT NULL DEFAULT '{}',
  paths text[] NOT NULL DEFAULT '{}',
  user_agent text,
  -- The first and last event's time, by the browser's clock (what the player shows).
  started_at timestamptz NOT NULL,
  ended_at timestamptz NOT NULL,
  event_count integer NOT NULL DEFAULT 0,
  -- By the server's clock: the retention job deletes sessions by their last batch.
  created_at timestamptz NOT NULL DEFAULT now(),
  last_batch_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX recording_sessions_created ON recording_sessions (created_at DESC, id DESC);
CREATE INDEX recording_sessions_user ON recording_sessions (user_id, created_at DESC, id DESC) WHERE user_id IS NOT NULL;
CREATE INDEX recording_sessions_chat ON recording_sessions (chat_id) WHERE chat_id IS NOT NULL;
CREATE INDEX recording_sessions_orders ON recording_sessions USING gin (order_ids);
CREATE INDEX recording_sessions_last_batch ON recording_sessions (last_batch_at);

-- The events, as rrweb made them, one row a batch. The browser numbers its batches: one sent twice (a
-- retry after a lost answer) is stored once.
CREATE TABLE recording_batches (
  session_id text NOT NULL REFERENCES recording_sessions(id) ON DELETE CASCADE,
  sequence integer NOT NULL CHECK (sequence >= 0),
  events jsonb NOT NULL,
  received_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (session_id, sequence)
);

-- A signed-in shopper's opt-out, so it holds on every device they sign in on.
CREATE TABLE recording_opt_outs (
  user_id text PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  opted_out_at timestamptz NOT NULL DEFAULT now()
);
