// A node-postgres pool that heals itself after the server stalled. node-postgres, left alone:
// - after 'Query read timeout' keeps the connection busy with the unanswered query; released without an
//   error (Drizzle's transaction() does that), it goes back to the pool and every later query on it waits
//   behind the dead one, for as long as the server stays silent (forever, when the peer is gone);
// - Drizzle's transaction() sends BEGIN before its try/finally: a BEGIN that fails never releases its
//   client, and each one leaked shrinks the pool for good until it is exhausted;
// - a checked-out client that loses its connection emits 'error' with nobody listening: the process dies.
import pg from 'pg';
import { markDriverError } from '../lib/database-unavailable.ts';
import { postgresTimeoutSettings, type DatabaseTimeouts } from './timeouts.ts';

const READ_TIMEOUT_MESSAGE = 'Query read timeout';

const isReadTimeout = (err: unknown) => err instanceof Error && err.message === READ_TIMEOUT_MESSAGE;

/** A client that drops its connection when a query goes unanswered past the query timeout. */
class TimeoutAwareClient extends pg.Client {
  constructor(config?: string | pg.ClientConfig) {
    super(config);
    // While checked out, the pool listens to nothing; the failure reaches the query's caller anyway.
    this.on('error', () => {});
  }

  private onQueryError(err: unknown): void {
    if (!err) return;
    markDriverError(err);
    // pg 8.23's end() destroys the socket when a query is still in flight, so this never waits on the server.
    if (isReadTimeout(err)) this.end().catch(() => {});
  }

  // Every form node-postgres accepts (text, config, values, callback): hence the loose signature.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const last = args.length - 1;
    const callback: unknown = args[last];
    if (typeof callback === 'function') {
      args[last] = (err: unknown, result: unknown) => {
        this.onQueryError(err);
        callback(err, result);
      };
      return pg.Client.prototype.query.apply(this, args as never);
    }
    const result: unknown = pg.Client.prototype.query.apply(this, args as never);
    if (result instanceof Promise) {
      return result.catch((err: unknown) => {
        this.onQueryError(err);
        throw err;
      });
    }
    return result;
  }
}

/**
 * A checkout whose connection ends goes back to the pool at once (and is removed from it), whether or not
 * its holder ever releases it; the holder's own release() afterwards does nothing.
 */
function releasedWhenConnectionEnds(client: pg.PoolClient): pg.PoolClient {
  const release = client.release;
  let released = false;
  const releaseOnce = (err?: Error | boolean) => {
    if (released) return;
    released = true;
    client.off('end', onEnd);
    release(err);
  };
  const onEnd = () => releaseOnce(new Error('Connection ended while checked out'));
  client.once('end', onEnd);
  client.release = releaseOnce;
  return client;
}

class SelfHealingPool extends pg.Pool {
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void): void;
  override connect(
    callback?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: unknown) => void) => void,
  ): Promise<pg.PoolClient> | void {
    // pool.query() checks out with a callback and already releases with the error; only awaited checkouts
    // (transactions) need the guard.
    if (callback) {
      return super.connect((err, client, done) => {
        markDriverError(err);
        callback(err, client, done);
      });
    }
    return super.connect().then(releasedWhenConnectionEnds, (err: unknown) => {
      markDriverError(err);
      throw err;
    });
  }
}

export interface PostgresPoolOptions {
  url: string;
  max: number;
  timeouts: DatabaseTimeouts;
  /** PostgreSQL schema every connection works in (tests get a fresh one each). */
  schemaName?: string;
  /** Runs on each new connection before it serves a query (pg-pool awaits it; a failure fails the checkout). */
  onConnect?: (client: pg.ClientBase) => Promise<void>;
}

export function createPostgresPool({ url, max, timeouts, schemaName, onConnect }: PostgresPoolOptions): pg.Pool {
  const pool = new SelfHealingPool({
    connectionString: url,
    max,
    options: schemaName ? `-c search_path=${schemaName}` : undefined,
    // pg-pool 3.14 awaits onConnect before handing the connection out (@types/pg types it as void).
    // eslint-disable-next-line @typescript-eslint/no-misused-promises
    onConnect,
    ...postgresTimeoutSettings(timeouts),
    Client: TimeoutAwareClient,
  });
  // An idle client's network error must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  return pool;
}

/** A single connection with the same timeouts, for work outside the pool (the check at start). */
export function createPostgresClient(url: string, timeouts: DatabaseTimeouts, applicationName?: string): pg.Client {
  return new TimeoutAwareClient({ connectionString: url, application_name: applicationName, ...postgresTimeoutSettings(timeouts) });
}
