-- When the merchant asked to capture an authOnly session (POST .../sessions/:sid/capture): written before the
-- card provider is asked, cleared when it declines. A session still 'authorized' with it set some time later is
-- a capture whose answer was lost (a timeout, a crash): the host's reconciliation asks the provider again, whose
-- capture of an authorisation it already settled answers with that settle, and the session is paid once.
ALTER TABLE checkout_sessions ADD COLUMN capture_requested_at timestamptz;
CREATE INDEX checkout_sessions_capture_in_doubt_idx ON checkout_sessions (capture_requested_at)
  WHERE status = 'authorized' AND capture_requested_at IS NOT NULL;
