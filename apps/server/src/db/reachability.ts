// The check a start makes before migrating: the server answers within the timeouts, or the start gives up
// with one line that says which database and why (never the password).
import { createPostgresClient } from './postgres-pool.ts';
import type { DatabaseTimeouts } from './timeouts.ts';

/** A start failure worth one line on stderr, not a stack trace. */
export class DatabaseUnreachableError extends Error {
  constructor(url: string, reason: string) {
    super(`Cannot reach the database ${describeDatabaseUrl(url)}: ${withoutPassword(reason, url)}`);
    this.name = 'DatabaseUnreachableError';
  }
}

/** postgres://user@host:port/database: enough to tell which one, without the password or the query string. */
export function describeDatabaseUrl(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return '(DATABASE_URL is not a valid URL)';
  }
  const user = parsed.username ? `${parsed.username}@` : '';
  return `${parsed.protocol}//${user}${parsed.hostname || 'localhost'}:${parsed.port || '5432'}${parsed.pathname}`;
}

function withoutPassword(text: string, url: string): string {
  let password = '';
  try {
    password = decodeURIComponent(new URL(url).password);
  } catch {
    // not a URL: nothing of it is echoed here either
  }
  return password ? text.split(password).join('***') : text;
}

/** What went wrong, in words a person starting the server can act on. */
function reasonFor(err: unknown, timeouts: DatabaseTimeouts): string {
  if (!(err instanceof Error)) return String(err);
  const code = (err as { code?: unknown }).code;
  // pg's own connect timeout, and the pool's wording of it.
  if (err.message === 'timeout expired' || err.message === 'Connection terminated due to connection timeout') {
    return `connection timed out after ${timeouts.connectMs} ms`;
  }
  if (err.message === 'Query read timeout') return `no answer within ${timeouts.queryMs} ms`;
  // A refused connection to a name with two addresses (localhost) is an AggregateError without a message.
  return err.message || (typeof code === 'string' ? code : err.name);
}

/**
 * Connects with the timeouts, runs SELECT 1, and creates the working schema when one is asked for.
 * Throws DatabaseUnreachableError when the server cannot be reached or does not answer. Answers the
 * working schema: the one asked for, else the URL's (its search_path's first existing schema), or null.
 */
export async function checkPostgres(url: string, timeouts: DatabaseTimeouts, schemaName?: string): Promise<string | null> {
  let client: ReturnType<typeof createPostgresClient> | undefined;
  try {
    client = createPostgresClient(url, timeouts);
    await client.connect();
    await client.query('SELECT 1');
  } catch (err) {
    // Not awaited: the connection is dead or being destroyed, and a stalled server would never say goodbye.
    client?.end().catch(() => {});
    throw new DatabaseUnreachableError(url, reasonFor(err, timeouts));
  }
  try {
    if (schemaName) {
      await client.query(`CREATE SCHEMA IF NOT EXISTS ${schemaName}`);
      return schemaName;
    }
    const { rows } = await client.query<{ schema: string | null }>('SELECT current_schema() AS schema');
    return rows[0]?.schema ?? null;
  } finally {
    await client.end();
  }
}
