// The server tests whose outcome can depend on the database driver, so `npm test` runs them on both
// when DATABASE_URL names a PostgreSQL server (the rest run once, on that server). PGlite is PostgreSQL
// compiled to WebAssembly, so SQL means the same on both; what differs is the driver around it: one
// connection and no real parallelism (races, locks, SKIP LOCKED), persistence across a restart (a data
// directory), how errors and values come back (SQLSTATEs, NUL, bigint sums, timestamps) and migrations.
// A new test that relies on any of these belongs here.
export const DRIVER_SPECIFIC_TESTS = [
  // migrations and seeds
  'src/db/**/*.test.ts',
  // the checkout host's own schema and migrations (ADR 047): search_path per connection, adoption of a store's tables
  'test/checkout-host/migrate.test.ts',
  'src/modules/auth/signup-preregistration.test.ts',
  // errors and values as each driver returns them
  'src/lib/log-safety.test.ts',
  'src/lib/database-unavailable.test.ts',
  'test/nul-input.test.ts',
  'src/workflows/pay-order/pay-order.test.ts',
  'src/modules/checkout/reservation-expiry.test.ts',
  // the hosted checkout: base-unit bigints, a transaction id taken once per chain (unique violation), its outbox
  'test/checkout-host/host.test.ts',
  // concurrency: one winner per race, locks, the background runner's claims
  'src/modules/coupons/single-use-race.test.ts',
  'src/modules/fulfilment/last-gift-card-race.test.ts',
  'src/modules/fulfilment/first-purchase-bonus.test.ts',
  'src/modules/payments/one-attempt-in-flight.test.ts',
  'src/providers/payments/stripe/two-providers.test.ts',
  'src/workflows/pay-order/live-updates.test.ts',
  'src/modules/cashout/cashout-race.test.ts',
  // recordings: concurrent batches against a cap (row locks, an advisory lock), bytea through base64, text jsonb refused
  'src/modules/recordings/recordings-bounds.test.ts',
  // crashes and restarts on the same database
  'src/modules/payments/crash-restart.test.ts',
  'src/providers/payments/nuvei/ach/ach-crash-restart.test.ts',
  'src/providers/payments/nuvei/cashier/cashier-crash-restart.test.ts',
  'src/providers/payments/stripe/stripe-crash-restart.test.ts',
  'src/providers/payments/square/square-crash-restart.test.ts',
  'src/modules/fulfilment/restart-recovery.test.ts',
  'src/modules/payments/orphaned-approvals.test.ts',
  'src/modules/cashout/cashout-crash-restart.test.ts',
];
