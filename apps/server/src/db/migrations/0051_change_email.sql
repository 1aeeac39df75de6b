-- Issue 24: changing the account's e-mail from the profile. The new address is proved by a link sent to it
-- (an e-mail token of a fourth purpose, 'change-email'); until it is opened the account keeps the old one.
-- pending_email is the address that link confirms.
ALTER TABLE email_tokens DROP CONSTRAINT email_tokens_purpose_check;
ALTER TABLE email_tokens ADD CONSTRAINT email_tokens_purpose_check CHECK (purpose IN ('verify-email', 'reset-password', 'unlock-sign-in', 'change-email'));
ALTER TABLE email_tokens ADD COLUMN pending_email text;
