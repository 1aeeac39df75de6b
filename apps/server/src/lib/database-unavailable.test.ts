// The errors a database that is down or stalled really produces (through our pool and Drizzle, against a
// closed port and a server that never answers), and the ones that must stay a 500.
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/node-postgres';
import { DrizzleQueryError } from 'drizzle-orm/errors';
import pg from 'pg';
import { createPostgresPool } from '../db/postgres-pool.ts';
import { isDatabaseUnavailable } from './database-unavailable.ts';

const TIMEOUTS = { connectMs: 300, queryMs: 300, idleInTransactionMs: 1_000 };

/** A port nothing listens on. */
async function closedPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A server that accepts connections and never says a word, like a stalled PostgreSQL. */
let silent: net.Server;
const silentSockets = new Set<net.Socket>();
beforeAll(async () => {
  silent = net.createServer((socket) => {
    silentSockets.add(socket);
    socket.on('error', () => {});
  });
  await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  for (const socket of silentSockets) socket.destroy();
  await new Promise<void>((resolve) => silent.close(() => resolve()));
});
const silentUrl = () => `postgres://postgres:pw@127.0.0.1:${(silent.address() as net.AddressInfo).port}/test`;

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (err) {
    return err;
  }
  throw new Error('expected a failure');
}

function databaseError(code: string, message: string) {
  const error = new pg.DatabaseError(message, message.length, 'error');
  error.code = code;
  error.severity = 'ERROR';
  return error;
}

describe('isDatabaseUnavailable', () => {
  it('recognises a refused connection, bare and wrapped by Drizzle', async () => {
    const pool = createPostgresPool({ url: `postgres://postgres:pw@127.0.0.1:${await closedPort()}/test`, max: 2, timeouts: TIMEOUTS });
    try {
      const bare = await rejectionOf(pool.query('SELECT 1'));
      expect((bare as { code?: string }).code).toBe('ECONNREFUSED');
      expect(isDatabaseUnavailable(bare)).toBe(true);
      const wrapped = await rejectionOf(drizzle(pool).execute(sql`select 1`));
      expect(wrapped).toBeInstanceOf(DrizzleQueryError);
      expect(isDatabaseUnavailable(wrapped)).toBe(true);
      // A transaction checks out a client itself: its failure is the pool's, not wrapped.
      expect(isDatabaseUnavailable(await rejectionOf(drizzle(pool).transaction(async () => {})))).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('recognises a connection that times out, and a pool with no free client in time', async () => {
    const pool = createPostgresPool({ url: silentUrl(), max: 1, timeouts: TIMEOUTS });
    try {
      const [connecting, waiting] = await Promise.all([rejectionOf(pool.query('SELECT 1')), rejectionOf(pool.connect())]);
      expect((connecting as Error).message).toBe('Connection terminated due to connection timeout');
      expect((waiting as Error).message).toBe('timeout exceeded when trying to connect');
      expect(isDatabaseUnavailable(connecting)).toBe(true);
      expect(isDatabaseUnavailable(waiting)).toBe(true);
    } finally {
      await pool.end();
    }
  });

  it('recognises the server cancelling, shutting down or ending an idle transaction, also inside Drizzle’s error', () => {
    for (const [code, message] of [
      ['57014', 'canceling statement due to statement timeout'],
      ['25P03', 'terminating connection due to idle-in-transaction timeout'],
      ['57P01', 'terminating connection due to administrator command'],
      ['08006', 'connection failure'],
    ] as const) {
      expect(isDatabaseUnavailable(databaseError(code, message))).toBe(true);
      expect(isDatabaseUnavailable(new DrizzleQueryError('select 1', [], databaseError(code, message)))).toBe(true);
    }
  });

  it('leaves query bugs, and network failures of other services, to the 500 path', () => {
    expect(isDatabaseUnavailable(databaseError('23505', 'duplicate key value violates unique constraint'))).toBe(false);
    expect(isDatabaseUnavailable(new DrizzleQueryError('insert', [], databaseError('22P02', 'invalid input syntax')))).toBe(false);
    // A mail server's or a payment provider's reset is not the database's.
    expect(isDatabaseUnavailable(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET' }))).toBe(false);
    expect(isDatabaseUnavailable(new Error('boom'))).toBe(false);
    expect(isDatabaseUnavailable('Query read timeout')).toBe(false);
  });
});
