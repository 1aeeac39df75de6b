-- A lookup that the provider cannot answer yet (Nuvei's getTransactionDetails errCode 9146, "no
-- transaction details yet") leaves the payment as it is (issue 22, ADR 037): reconciliation asks again
-- later, each time waiting longer. lookup_attempts counts the unanswered lookups; next_lookup_at is when
-- the next may be made (null: whenever the payment is stale, as before).
ALTER TABLE payments ADD COLUMN lookup_attempts integer NOT NULL DEFAULT 0;
ALTER TABLE payments ADD COLUMN next_lookup_at timestamptz;
