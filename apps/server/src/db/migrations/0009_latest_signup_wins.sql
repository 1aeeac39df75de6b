-- Pre-sign-up takeover (issue 7): someone signs up with a victim's address and password A, the victim
-- signs up later with password V and clicks the older confirmation link, and A opens the account.
-- Links no longer carry their sign-up's password: the latest sign-up of an unconfirmed address writes its
-- password and name to the account and retires every older confirmation link (modules/auth/service.ts).

-- Links issued before this change: per unconfirmed account, the newest outstanding confirmation link
-- wins. Its sign-up's details (when it carried them) become the account's, and every older link dies.
WITH newest AS (
  SELECT DISTINCT ON (t.user_id) t.id, t.user_id, t.pending_password_hash, t.pending_firstname, t.pending_lastname
  FROM email_tokens t
  JOIN users u ON u.id = t.user_id
  WHERE t.purpose = 'verify-email' AND t.used_at IS NULL AND u.email_verified_at IS NULL
  ORDER BY t.user_id, t.created_at DESC, t.id DESC
)
UPDATE users u
SET password_hash = n.pending_password_hash, firstname = n.pending_firstname, lastname = n.pending_lastname
FROM newest n
WHERE u.id = n.user_id AND n.pending_password_hash IS NOT NULL AND n.pending_firstname IS NOT NULL AND n.pending_lastname IS NOT NULL;

UPDATE email_tokens t
SET used_at = now()
WHERE t.purpose = 'verify-email' AND t.used_at IS NULL
  AND t.id NOT IN (
    SELECT DISTINCT ON (user_id) id FROM email_tokens
    WHERE purpose = 'verify-email' AND used_at IS NULL
    ORDER BY user_id, created_at DESC, id DESC
  );

ALTER TABLE email_tokens
  DROP COLUMN pending_password_hash,
  DROP COLUMN pending_firstname,
  DROP COLUMN pending_lastname;
