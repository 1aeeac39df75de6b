-- Live events kept for replay (issue 10, SPEC §4 Live connection): every event the server sends a shopper
-- is stored with an increasing id before it is pushed; a connection that names the last id it saw gets
-- every later event of that user, in id order, before live ones. Rows older than 7 days are deleted by
-- the background job 'live.prune-events'.
CREATE TABLE live_events (
  id bigserial PRIMARY KEY,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);

-- The replay query: one user's events after an id, in order.
CREATE INDEX live_events_user_id_id ON live_events (user_id, id);
-- The prune job.
CREATE INDEX live_events_created_at ON live_events (created_at);
