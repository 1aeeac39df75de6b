// How long we wait on the PostgreSQL server. A server that stalls (the connection stays open, nothing
// comes back) would otherwise hold every request, and a start, for as long as the stall lasts.
import type pg from 'pg';

export interface DatabaseTimeouts {
  /** Opening a connection, and waiting for a free one in the pool. */
  connectMs: number;
  /** One query, measured by us: a stalled server never cancels anything itself. */
  queryMs: number;
  /** A transaction left open without a query (our side gave up on it): the server ends it and frees its locks. */
  idleInTransactionMs: number;
}

export const DEFAULT_DATABASE_TIMEOUTS: DatabaseTimeouts = {
  connectMs: 5_000,
  queryMs: 10_000,
  idleInTransactionMs: 15_000,
};

/**
 * The server cancels a slow statement a little before we would give up on it: the request then fails
 * with a clean 57014 and the connection stays usable. Our own query timeout is left for a server that
 * does not answer at all, and costs the connection.
 */
export function statementTimeoutFor(queryMs: number): number {
  return Math.max(1, Math.floor(queryMs * 0.9));
}

/** Keepalive probes start after this much silence, so a peer that vanished is noticed in seconds, not hours. */
const KEEPALIVE_DELAY_MS = 10_000;

/** The timeouts as node-postgres connection settings (client-side and server-side). */
export function postgresTimeoutSettings(timeouts: DatabaseTimeouts): pg.ClientConfig {
  return {
    connectionTimeoutMillis: timeouts.connectMs,
    query_timeout: timeouts.queryMs,
    statement_timeout: statementTimeoutFor(timeouts.queryMs),
    idle_in_transaction_session_timeout: timeouts.idleInTransactionMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
  };
}
