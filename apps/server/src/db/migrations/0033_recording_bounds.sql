-- Session recording bounds (issue 21, ADR 033): a recording is issued by the server with a secret only its
-- browser holds, it counts its events and bytes as they arrive (the per-recording cap and the total storage
-- cap read these counts instead of measuring the events), and new batches are stored compressed.

-- The SHA-256 (hex) of the recording's secret: a batch must carry the secret. Sessions recorded before this
-- migration were named by their browser and have none, so no further batch is accepted for them.
ALTER TABLE recording_sessions ADD COLUMN secret_hash text CHECK (secret_hash ~ '^[0-9a-f]{64}$');
-- The events' JSON text in bytes, uncompressed (what a replay loads): the per-recording cap.
ALTER TABLE recording_sessions ADD COLUMN event_bytes bigint NOT NULL DEFAULT 0 CHECK (event_bytes >= 0);
-- The bytes the batches take in the table (compressed): the total storage cap sums these.
ALTER TABLE recording_sessions ADD COLUMN stored_bytes bigint NOT NULL DEFAULT 0 CHECK (stored_bytes >= 0);

-- New batches keep their events' JSON text gzip-compressed (made off the main thread, and about ten times
-- smaller); the batches stored before keep their jsonb. Exactly one of the two is set.
ALTER TABLE recording_batches ALTER COLUMN events DROP NOT NULL;
ALTER TABLE recording_batches ADD COLUMN events_gzip bytea;
ALTER TABLE recording_batches
  ADD CONSTRAINT recording_batches_one_form CHECK ((events IS NULL) <> (events_gzip IS NULL));

UPDATE recording_sessions s
SET event_bytes = b.event_bytes, stored_bytes = b.stored_bytes
FROM (
  SELECT session_id, sum(octet_length(events::text)) AS event_bytes, sum(pg_column_size(events)) AS stored_bytes
  FROM recording_batches
  GROUP BY session_id
) b
WHERE b.session_id = s.id;

-- The storage cap deletes the least recently written first; ties broken by id.
DROP INDEX recording_sessions_last_batch;
CREATE INDEX recording_sessions_last_batch ON recording_sessions (last_batch_at, id);
