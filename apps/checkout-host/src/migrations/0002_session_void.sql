-- An authOnly session's authorisation voided by its merchant (POST /api/merchants/:id/sessions/:sid/void,
-- Coinflow's Void Payment): the card's hold is released at the provider and the session ends 'voided', never
-- to be captured. voided_at says when.
ALTER TABLE checkout_sessions DROP CONSTRAINT checkout_sessions_status_check;
ALTER TABLE checkout_sessions ADD CONSTRAINT checkout_sessions_status_check
  CHECK (status IN ('open', 'processing', 'authorized', 'paid', 'declined', 'expired', 'refunded', 'voided'));
ALTER TABLE checkout_sessions ADD COLUMN voided_at timestamptz;
