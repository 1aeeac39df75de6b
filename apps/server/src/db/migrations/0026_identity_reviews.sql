-- Identity reviews (issue 12, ADR 025): an admin decides a verification record the provider could not
-- (rejected, a warning, not executed, or documents stuck in checking). The record keeps the last review:
-- who, when, why. It waits for a person again only when the record changes after that review.
ALTER TABLE kyc_records
  ADD COLUMN reviewed_at timestamptz,
  ADD COLUMN reviewed_by text REFERENCES users(id),
  ADD COLUMN review_reason text CHECK (review_reason IS NULL OR length(review_reason) BETWEEN 1 AND 500);

-- The review queue, oldest change first: only the records that can need a person are indexed.
CREATE INDEX kyc_records_review_queue ON kyc_records (updated_at, user_id)
  WHERE decision IN ('REJECTED', 'WARNING', 'NOT_EXECUTED') OR status = 'ACQUIRED';
