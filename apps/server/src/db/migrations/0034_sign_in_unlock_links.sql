-- The per-account sign-in delay (issue 21, ADR 034): when an account's wrong passwords start a delay,
-- its owner is e-mailed a one-time link that lets one sign-in past the delay. Its token is an e-mail
-- token of a third purpose.
ALTER TABLE email_tokens DROP CONSTRAINT email_tokens_purpose_check;
ALTER TABLE email_tokens ADD CONSTRAINT email_tokens_purpose_check CHECK (purpose IN ('verify-email', 'reset-password', 'unlock-sign-in'));
