-- The Nuvei card sandbox voids an authorisation (voidTransaction, a 'void' transaction related to it), as
-- Nuvei does: the authorisation's hold is released ('voided'), once; a void of a settled, voided or unknown
-- authorisation is refused, and a voided one is never settled.
ALTER TABLE sandbox_transactions DROP CONSTRAINT IF EXISTS sandbox_transactions_kind_check;
ALTER TABLE sandbox_transactions ADD CONSTRAINT sandbox_transactions_kind_check CHECK (kind IN ('init', 'payment', 'refund', 'settle', 'void'));
ALTER TABLE sandbox_transactions DROP CONSTRAINT IF EXISTS sandbox_transactions_status_check;
ALTER TABLE sandbox_transactions ADD CONSTRAINT sandbox_transactions_status_check
  CHECK (status IN ('initiated', 'challenge', 'approved', 'declined', 'refunded', 'voided'));
