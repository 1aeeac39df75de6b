-- The sandboxes' books leave the production schema (issue 22, ADR 042). Until now 0005, 0006, 0008,
-- 0011–0014 and 0018 created them beside the store's tables; new databases get them only from
-- db/sandbox-migrations/, in the sandbox schema, when the sandboxes serve. This takes them out of a
-- database an older release made:
-- - when the sandboxes serve (migrate() names their schema in store.sandbox_schema), each table moves
--   there with its rows, indexes and constraints, so a demo keeps its saved sandbox cards, linked test
--   bank accounts and the payments in flight at its sandboxes;
-- - otherwise (production) they are dropped: only the pretend provider's rows go, never a store's row
--   (no production table refers to them; were anything to depend on one, the DROP would refuse).
-- A table the sandbox schema already holds is not moved over it: the production schema's copy is dropped.
DO $$
DECLARE
  target text := nullif(current_setting('store.sandbox_schema', true), '');
  t text;
BEGIN
  IF target IS NOT NULL THEN
    EXECUTE format('CREATE SCHEMA IF NOT EXISTS %I', target);
  END IF;
  -- Referencing tables first: sandbox_ach_debits refers to sandbox_ach_accounts.
  FOREACH t IN ARRAY ARRAY[
    'sandbox_ach_debits', 'sandbox_ach_accounts', 'sandbox_ach_payouts', 'sandbox_transactions',
    'cashier_sandbox_sessions', 'cashier_sandbox_cards', 'stripe_sandbox_objects', 'stripe_sandbox_idempotency',
    'square_sandbox_objects', 'square_sandbox_idempotency'
  ] LOOP
    CONTINUE WHEN to_regclass(format('%I.%I', current_schema(), t)) IS NULL;
    IF target IS NOT NULL AND to_regclass(format('%I.%I', target, t)) IS NULL THEN
      EXECUTE format('ALTER TABLE %I.%I SET SCHEMA %I', current_schema(), t, target);
    ELSE
      -- No CASCADE: were anything of the store's to depend on one, the migration stops rather than take it along.
      EXECUTE format('DROP TABLE %I.%I', current_schema(), t);
    END IF;
  END LOOP;
END
$$;
