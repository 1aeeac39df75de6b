// Child process of the benchmark: the store on its own event loop (so the load generator in the parent
// does not steal its CPU), on a throwaway database with the demo data, logging off.
// In a run of several store processes (BENCH_PROCESSES, run.ts) the first makes the schema and the others
// join it (BENCH_JOIN_SCHEMA): they neither migrate, seed nor drop it. All share the vault's key
// (BENCH_VAULT_KEY), so a card tokenized at one process's vault is paid through another.
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { hostSchemaFor, openDatabase, sandboxSchemaFor } from '../src/db/client.ts';
import { migrateAll } from '../src/migrations.ts';
import { seed } from '../src/db/seed.ts';
import { seedAdminOrders } from './admin-orders.ts';

export type BenchServerMessage =
  | { type: 'ready'; url: string; database: string; schema: string | null; storeOrigin: string; vaultUrl: string }
  | { type: 'failed'; message: string };

// The origin the vault accepts /tokenize from (the web app's); the bench sends it as the browser would.
const STORE_ORIGIN = 'http://localhost:5173';

const send = (message: BenchServerMessage) => process.send?.(message);

const url = process.env.DATABASE_URL;
const joinedSchema = process.env.BENCH_JOIN_SCHEMA;
if (joinedSchema && (!url || !/^bench_[0-9a-f]{12}$/.test(joinedSchema))) {
  throw new Error('BENCH_JOIN_SCHEMA names a schema of a PostgreSQL bench run (bench_ and 12 hex digits), with DATABASE_URL');
}
// On a PostgreSQL server the benchmark works in its own schema and drops it, leaving the data alone.
const schemaName = joinedSchema ?? (url ? `bench_${randomBytes(6).toString('hex')}` : undefined);

async function dropSchema() {
  // The schema is the first process's to drop, after the others have stopped.
  if (!url || !schemaName || joinedSchema) return;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`DROP SCHEMA IF EXISTS ${schemaName} CASCADE`);
  await admin.query(`DROP SCHEMA IF EXISTS ${hostSchemaFor(schemaName)} CASCADE`);
  await admin.query(`DROP SCHEMA IF EXISTS ${sandboxSchemaFor(schemaName)} CASCADE`);
  await admin.end();
}

try {
  // The payment sandboxes serve the bench's purchases: their tables too (ADR 042).
  const database = await openDatabase({ url, schemaName, sandbox: true });
  if (!joinedSchema) {
    await migrateAll(database);
    await seed(database.db, { demo: true });
    // The admin order search's 100,000 orders (issue 12).
    await seedAdminOrders(database);
  }
  const config = loadConfig(
    // Vault on a random port with a throwaway key (no vault.key file written); sign-up and sign-in limits
    // raised because the bench signs up and signs in its shoppers (2 × BENCH_CONNECTIONS) from one IP, and
    // card-attempt and vault tokenize limits because each of them makes purchase after purchase from that IP, and the
    // per-address limit of routes without a session because the cashier and ACH units drive the
    // sandbox's pages and controls (a shopper's browser and the bank, in real life) from that IP too.
    // The recording unit's browsers each have an address of their own, so no limit of theirs is raised.
    {
      ...process.env,
      PORT: '0',
      VAULT_PORT: '0',
      LOG_LEVEL: 'silent',
      AUTH_RATE_LIMIT_MAX: '1000',
      AUTH_IP_RATE_LIMIT_MAX: '100000',
      CARD_ATTEMPTS_PER_SHOPPER: '100000000',
      CARD_ATTEMPTS_PER_ADDRESS: '100000000',
      PUBLIC_RATE_LIMIT_MAX: '100000000',
      // Every purchase tokenizes a card at the vault, from that IP and for the same few shoppers.
      VAULT_TOKENIZE_PER_ADDRESS: '100000000',
      VAULT_TOKENIZE_PER_SHOPPER: '100000000',
      // The game provider's credits all come from one server, at the bench's pace rather than a casino's.
      NOTIFY_RATE_LIMIT_MAX: '100000000',
      // The recording unit plays a new browser each time, named in X-Forwarded-For (recording-unit.ts).
      TRUST_PROXY: '127.0.0.1',
    },
    {
      DEMO_DATA: true,
      WEB_DIST: '/nonexistent',
      PUBLIC_URL: STORE_ORIGIN,
      VAULT_PUBLIC_URL: undefined,
      VAULT_KEY: process.env.BENCH_VAULT_KEY ?? randomBytes(32).toString('hex'),
    },
  );
  const app = await buildApp({ config, database, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    await app.close();
    await database.close();
    await dropSchema();
    process.exit(0);
  };
  process.on('message', (msg: { type?: string }) => msg?.type === 'stop' && void stop());
  // The parent went away without saying stop: clean up anyway.
  process.on('disconnect', () => void stop());

  send({
    type: 'ready',
    url: address,
    database: url ? `PostgreSQL (schema ${schemaName})` : 'PGlite in memory',
    schema: schemaName ?? null,
    storeOrigin: STORE_ORIGIN,
    // The vault listens on the same host as the store (IPv4), so fetch it by address, not by name.
    vaultUrl: app.vault.origin().replace('localhost', '127.0.0.1'),
  });
} catch (err) {
  await dropSchema().catch(() => {});
  send({ type: 'failed', message: err instanceof Error ? (err.stack ?? err.message) : String(err) });
  process.exit(1);
}
