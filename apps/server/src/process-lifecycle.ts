// What both entry points (server.ts, the store; checkout-host-server.ts, the hosted checkout alone) do around
// their app: stop in one line on a start failure the operator can fix, open the configured database, and
// close cleanly on SIGINT/SIGTERM.
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import { sandboxesServe } from './config-rules.ts';
import { openDatabase, type Database } from './db/client.ts';
import { DatabaseUnreachableError } from './db/reachability.ts';

/** A start that cannot go on for a reason the operator can fix says so in one line (no stack trace) and exits 1. */
export function exitOnStartFailure(err: unknown, kind: new (...args: never[]) => Error): never {
  if (!(err instanceof kind)) throw err;
  console.error(err.message);
  process.exit(1);
}

/** DATABASE_URL's PostgreSQL, else the embedded PGlite under DATA_DIR; an unreachable one is named in one line (never its password). */
export function openConfiguredDatabase(config: Config): Promise<Database> {
  return openDatabase({
    url: config.DATABASE_URL,
    dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite'),
    // The sandboxes' tables (ADR 042): their schema only when they may serve; production never has it.
    sandbox: sandboxesServe(config),
    timeouts: {
      connectMs: config.DATABASE_CONNECT_TIMEOUT_MS,
      queryMs: config.DATABASE_QUERY_TIMEOUT_MS,
      idleInTransactionMs: config.DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS,
    },
  }).catch((err: unknown) => exitOnStartFailure(err, DatabaseUnreachableError));
}

/** On SIGINT or SIGTERM: finishes the work in hand (requests, the background batch), closes the database, exits. */
export function closeOnSignals(app: FastifyInstance, database: Database): void {
  let closing = false;
  async function shutDown(): Promise<void> {
    if (closing) return;
    closing = true;
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (err) {
      app.log.error({ err }, 'shutting down failed');
      process.exit(1);
    }
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => void shutDown());
}
