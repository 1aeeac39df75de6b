-- A confirmation link carries the password (and name) of the sign-up that sent it. Confirming applies
-- them, so whoever registered an address first cannot keep a password the mailbox owner never chose.
ALTER TABLE email_tokens ADD COLUMN pending_password_hash text;
ALTER TABLE email_tokens ADD COLUMN pending_firstname text;
ALTER TABLE email_tokens ADD COLUMN pending_lastname text;
