-- Issue 26 (ADR 061): each shopper's balance per wallet as a row, kept by the database in the same statement
-- as every ledger entry, so a balance is one row read instead of a sum over the shopper's whole ledger, and a
-- page of the wallet history reads only the entries up to that page. The ledger stays the truth: the rows are
-- backfilled from it here, a trigger adds each new entry (whoever inserts it), and the wallet module's audit
-- job compares the two.
CREATE TABLE wallet_balances (
  user_id text NOT NULL REFERENCES users(id),
  wallet text NOT NULL CHECK (wallet IN ('purchasedWallet', 'winWallet', 'stackingWallet', 'cashOutHold')),
  -- The sum of the wallet's ledger amounts, and how many entries it sums.
  coins bigint NOT NULL,
  entries bigint NOT NULL,
  PRIMARY KEY (user_id, wallet)
);

INSERT INTO wallet_balances (user_id, wallet, coins, entries)
SELECT user_id, wallet, sum(amount), count(*) FROM ledger_entries GROUP BY user_id, wallet;

-- Once per inserting statement, inside it, over the rows it inserted: an entry refused by the ledger's unique
-- (reference, wallet) under ON CONFLICT DO NOTHING is not among them, and a rolled-back entry's addition rolls
-- back with it. The balance rows are taken in one order (user, wallet), whatever order the entries came in:
-- each stays locked until the commit, and two transactions taking one shopper's rows in opposite orders (a
-- cash-out's hold, a rejected cash-out's return) would deadlock.
CREATE FUNCTION ledger_entries_to_balances() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO wallet_balances (user_id, wallet, coins, entries)
  SELECT user_id, wallet, sum(amount), count(*) FROM inserted_entries GROUP BY user_id, wallet ORDER BY user_id, wallet
  ON CONFLICT (user_id, wallet)
  DO UPDATE SET coins = wallet_balances.coins + EXCLUDED.coins, entries = wallet_balances.entries + EXCLUDED.entries;
  RETURN NULL;
END;
$$;

CREATE TRIGGER ledger_entries_balances AFTER INSERT ON ledger_entries
  REFERENCING NEW TABLE AS inserted_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_to_balances();

-- The ledger is append-only (0001): an entry changed or removed would leave its balance behind, so none is allowed
-- (as the admin audit log, 0023).
CREATE FUNCTION ledger_entries_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'ledger_entries is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$;

CREATE TRIGGER ledger_entries_append_only BEFORE UPDATE OR DELETE ON ledger_entries
  FOR EACH ROW EXECUTE FUNCTION ledger_entries_append_only();
CREATE TRIGGER ledger_entries_no_truncate BEFORE TRUNCATE ON ledger_entries
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_entries_append_only();

-- A history page: the shopper's newest entries first, read up to the page and no further.
CREATE INDEX ledger_user_time_idx ON ledger_entries (user_id, created_at, id);
