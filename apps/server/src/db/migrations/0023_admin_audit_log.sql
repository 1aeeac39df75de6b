-- The admin console (issue 12): the audit log of every admin change, and the indexes its searches need.

-- Who changed what, before and after, when. Append-only: rows are written inside the transaction of the
-- change they describe, and the triggers below refuse to edit or remove them, whoever asks.
CREATE TABLE admin_audit_log (
  id bigserial PRIMARY KEY,
  actor_id text NOT NULL REFERENCES users(id),
  action text NOT NULL CHECK (length(action) BETWEEN 1 AND 100),
  target_type text NOT NULL,
  target_id text NOT NULL,
  before jsonb,
  after jsonb,
  created_at timestamptz NOT NULL DEFAULT now()
);
-- The console's list: newest first, optionally of one admin or one action.
CREATE INDEX admin_audit_log_created ON admin_audit_log (created_at DESC, id DESC);
CREATE INDEX admin_audit_log_actor ON admin_audit_log (actor_id, created_at DESC, id DESC);
CREATE INDEX admin_audit_log_action ON admin_audit_log (action, created_at DESC, id DESC);

CREATE FUNCTION admin_audit_log_is_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'admin_audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER admin_audit_log_no_update_delete BEFORE UPDATE OR DELETE ON admin_audit_log
  FOR EACH ROW EXECUTE FUNCTION admin_audit_log_is_append_only();
CREATE TRIGGER admin_audit_log_no_truncate BEFORE TRUNCATE ON admin_audit_log
  FOR EACH STATEMENT EXECUTE FUNCTION admin_audit_log_is_append_only();

-- Order search (GET v1/admin/orders) over 100,000 orders: newest first with the id as tie-breaker (stable
-- paging), alone, by state, by shopper (orders_user_idx lacks the tie-breaker).
CREATE INDEX orders_created_idx ON orders (created_at DESC, id DESC);
CREATE INDEX orders_status_created_idx ON orders (status, created_at DESC, id DESC);
CREATE INDEX orders_user_created_idx ON orders (user_id, created_at DESC, id DESC);
-- E-mail and name prefixes (LIKE 'abc%'): pattern operators, so the index serves LIKE whatever the
-- database's collation. E-mails are stored in lower case; names are matched in lower case.
CREATE INDEX users_email_prefix_idx ON users (email text_pattern_ops);
CREATE INDEX users_firstname_prefix_idx ON users (lower(firstname) text_pattern_ops);
CREATE INDEX users_lastname_prefix_idx ON users (lower(lastname) text_pattern_ops);
-- The user list, newest first, stable paging.
CREATE INDEX users_created_idx ON users (created_at DESC, id DESC);
-- The dashboard's sales of today and this week read fulfilled orders by the time they were paid.
CREATE INDEX orders_paid_at_idx ON orders (paid_at) WHERE paid_at IS NOT NULL;
-- An order's ledger entries (reference 'order:{id}') use the ledger's UNIQUE (reference, wallet) index.
