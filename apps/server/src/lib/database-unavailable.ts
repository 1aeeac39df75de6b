// Tells a database that is down, stalled or overloaded apart from a bug in a query: the first is worth a
// 503 the client may retry ("briefly unavailable"), the second is a 500 for us to look into.

export const DATABASE_UNAVAILABLE_CODE = 'DATABASE_UNAVAILABLE';
export const DATABASE_UNAVAILABLE_MESSAGE = 'The store is briefly unavailable. Please try again in a moment.';

const FROM_DRIVER = Symbol('fromDatabaseDriver');

/**
 * Marks an error as raised by the PostgreSQL driver (db/postgres-pool.ts does it for every query and
 * checkout). Only then do its words and network codes count: an ECONNRESET from a mail server or a
 * payment provider is not the database's.
 */
export function markDriverError(error: unknown): void {
  if (error instanceof Error && !(FROM_DRIVER in error)) Object.defineProperty(error, FROM_DRIVER, { value: true });
}

/** node-postgres and pg-pool say "no answer in time" or "connection gone" in words only. */
const DRIVER_MESSAGES = new Set([
  'Query read timeout', // query_timeout: the server did not answer
  'timeout expired', // connectionTimeoutMillis on a single client
  'Connection terminated due to connection timeout', // the same, through the pool
  'timeout exceeded when trying to connect', // no free pool client within connectionTimeoutMillis
  'Connection terminated unexpectedly',
  'Connection terminated',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable', // a query queued on a connection dropped after a timeout
  'Connection ended while checked out', // db/postgres-pool.ts
]);

/** Network failures reaching the server (Node's errno codes). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server that cannot serve right now, whatever the query. */
const UNAVAILABLE_SQLSTATES = new Set([
  '57014', // query_canceled: statement_timeout
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now: starting up or in recovery
  '25P03', // idle_in_transaction_session_timeout
  '53300', // too_many_connections
]);

function isUnavailableItself(err: Error): boolean {
  const { code, severity } = err as { code?: unknown; severity?: unknown };
  // The server's own word (a DatabaseError carries a severity next to its SQLSTATE). Class 08: connection exceptions.
  if (typeof severity === 'string' && typeof code === 'string' && (UNAVAILABLE_SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
    return true;
  }
  if (!(FROM_DRIVER in err)) return false;
  return DRIVER_MESSAGES.has(err.message) || (typeof code === 'string' && NETWORK_CODES.has(code));
}

/** Whether the error, or one it wraps (Drizzle's DrizzleQueryError keeps the driver's as `cause`), says so. */
export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    if (isUnavailableItself(current)) return true;
    current = current.cause;
  }
  return false;
}
