-- Issue 24: the identity review shows the evidence the provider returned. Kept with the attempt whose check
-- finished: the overall label and risk score, each capability's decision, the document's kind, country and
-- expiry (never the shopper's name, birth date, document number or images).
ALTER TABLE kyc_attempts ADD COLUMN evidence jsonb;
