// The admin console's order search is measured over 100,000 orders (issue 12): 1,000 shoppers with 100
// orders each, spread over a year, written by SQL in one go (placing them through checkout would take the
// bench longer than all its measurements). Only settled states: paid or pending orders would wake the
// fulfilment and reservation jobs, whose work would then be measured too.
import type { Database } from '../src/db/client.ts';

export const BENCH_ORDER_COUNT = 100_000;
const BENCH_ORDER_SHOPPERS = 1_000;

/** E-mail of seeded shopper n: bench-orders-0000@example.com ... bench-orders-0999@example.com. */
export const benchOrderEmailPrefix = 'bench-orders-';

export async function seedAdminOrders(database: Database): Promise<void> {
  await database.exec(`
    INSERT INTO users (id, email, password_hash, firstname, lastname, email_verified_at, created_at)
    SELECT 'bench-user-' || g, '${benchOrderEmailPrefix}' || lpad(g::text, 4, '0') || '@example.com', 'not-a-real-hash',
           'Bench', 'Orders', now(), now() - interval '400 days'
    FROM generate_series(0, ${BENCH_ORDER_SHOPPERS - 1}) g;

    INSERT INTO orders (id, user_id, status, source, idempotency_key, subtotal_cents, total_cents, coins, created_at, paid_at)
    SELECT 'bench-order-' || lpad(g::text, 6, '0'),
           'bench-user-' || (g % ${BENCH_ORDER_SHOPPERS}),
           s.status, 'buy-now', 'bench:' || g, 499 + (g % 50) * 100, 499 + (g % 50) * 100, 500,
           s.created_at, CASE WHEN s.status IN ('fulfilled', 'refunded') THEN s.created_at END
    FROM generate_series(1, ${BENCH_ORDER_COUNT}) g,
         LATERAL (SELECT (ARRAY['fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'fulfilled', 'failed', 'canceled', 'refunded'])[1 + g % 8] AS status,
                         now() - g * interval '5 minutes' AS created_at) s;

    ANALYZE users;
    ANALYZE orders;
  `);
}
