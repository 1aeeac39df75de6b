-- Issue 26 (ADR 064): every committed change to what GET v1/getuser answers from (the account's row, its wallet
-- balances, its verification record, its linked social identities) is announced with NOTIFY, whoever makes it:
-- the store, another instance, a job, or a hand in psql. Each instance keeps a shopper's getuser answer in memory
-- and drops it when it hears the shopper's id; the notification queue is delivered in commit order, which lets
-- an instance know it has heard every change committed before a request came in (db/user-snapshots.ts).
-- The channel is per schema (a test's schema, or a second store in one database, hears only its own), cut to
-- PostgreSQL's 63-byte limit on channel names so that no write can fail on it; the payload is the user's id.
-- Two functions, as the user's id is in `id` on users and in `user_id` elsewhere. An UPDATE that keeps the id
-- sends the same notice twice; PostgreSQL folds duplicates within a transaction.
CREATE FUNCTION notify_user_change_by_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify(left('user_changes_' || TG_TABLE_SCHEMA, 63), OLD.id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM pg_notify(left('user_changes_' || TG_TABLE_SCHEMA, 63), NEW.id); END IF;
  RETURN NULL;
END;
$$;

CREATE FUNCTION notify_user_change_by_user_id() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') THEN PERFORM pg_notify(left('user_changes_' || TG_TABLE_SCHEMA, 63), OLD.user_id); END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') THEN PERFORM pg_notify(left('user_changes_' || TG_TABLE_SCHEMA, 63), NEW.user_id); END IF;
  RETURN NULL;
END;
$$;

-- A TRUNCATE names nobody: '*' tells every instance to drop every answer it keeps.
CREATE FUNCTION notify_users_truncated() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify(left('user_changes_' || TG_TABLE_SCHEMA, 63), '*');
  RETURN NULL;
END;
$$;

CREATE TRIGGER users_change_notice AFTER INSERT OR UPDATE OR DELETE ON users
  FOR EACH ROW EXECUTE FUNCTION notify_user_change_by_id();
CREATE TRIGGER users_truncate_notice AFTER TRUNCATE ON users
  FOR EACH STATEMENT EXECUTE FUNCTION notify_users_truncated();

CREATE TRIGGER wallet_balances_change_notice AFTER INSERT OR UPDATE OR DELETE ON wallet_balances
  FOR EACH ROW EXECUTE FUNCTION notify_user_change_by_user_id();
CREATE TRIGGER wallet_balances_truncate_notice AFTER TRUNCATE ON wallet_balances
  FOR EACH STATEMENT EXECUTE FUNCTION notify_users_truncated();

CREATE TRIGGER kyc_records_change_notice AFTER INSERT OR UPDATE OR DELETE ON kyc_records
  FOR EACH ROW EXECUTE FUNCTION notify_user_change_by_user_id();
CREATE TRIGGER kyc_records_truncate_notice AFTER TRUNCATE ON kyc_records
  FOR EACH STATEMENT EXECUTE FUNCTION notify_users_truncated();

CREATE TRIGGER social_identities_change_notice AFTER INSERT OR UPDATE OR DELETE ON social_identities
  FOR EACH ROW EXECUTE FUNCTION notify_user_change_by_user_id();
CREATE TRIGGER social_identities_truncate_notice AFTER TRUNCATE ON social_identities
  FOR EACH STATEMENT EXECUTE FUNCTION notify_users_truncated();
