import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { measurePgbench, parseFailed, parseTps, pgbenchConnection } from './pgbench.ts';

// What pgbench 15 printed on this machine for `pgbench -N -c 10 -j 2 -T 3` (stdout and stderr).
const PGBENCH_15_OUTPUT = `pgbench (15.20 (Debian 15.20-0+deb12u1))
starting vacuum...end.
transaction type: <builtin: simple update>
scaling factor: 10
query mode: simple
number of clients: 10
number of threads: 2
maximum number of tries: 1
duration: 3 s
number of transactions actually processed: 21664
number of failed transactions: 0 (0.000%)
latency average = 1.387 ms
initial connection time = 11.202 ms
tps = 7207.212003 (without initial connection time)
`;

describe("pgbench's output", () => {
  it('gives the tps without the initial connection time, and the failed transactions', () => {
    expect(parseTps(PGBENCH_15_OUTPUT)).toBe(7207.212003);
    expect(parseFailed(PGBENCH_15_OUTPUT)).toBe(0);
    expect(parseFailed(PGBENCH_15_OUTPUT.replace('failed transactions: 0 (0.000%)', 'failed transactions: 12 (0.055%)'))).toBe(12);
  });

  it('is refused, with its end quoted, when it holds no result', () => {
    const refused = 'pgbench: error: connection to server at "127.0.0.1", port 5432 failed: FATAL:  database "x" does not exist\n';
    expect(() => parseTps(refused)).toThrow(/printed no tps[\s\S]*database "x" does not exist/);
  });
});

describe("pgbench's connection", () => {
  it('names the scratch database and keeps the password out of the arguments', () => {
    const { uri, env } = pgbenchConnection('postgres://bench:s%40cret@db.internal:6543/store?sslmode=require', 'bench_pgbench_0a1b');
    expect(uri).toBe('postgres://bench@db.internal:6543/bench_pgbench_0a1b?sslmode=require');
    expect(env.PGPASSWORD).toBe('s@cret');
  });

  it('sets no password when the address has none', () => {
    const { uri, env } = pgbenchConnection('postgres://postgres@127.0.0.1:5432/test', 'bench_pgbench_0a1b');
    expect(uri).toBe('postgres://postgres@127.0.0.1:5432/bench_pgbench_0a1b');
    expect(env.PGPASSWORD).toBe(process.env.PGPASSWORD);
  });
});

// Against the PostgreSQL server of DATABASE_URL, with pgbench itself; without a server there is nothing to run it on
// (vitest.config.ts leaves the server-only files out the same way).
const url = process.env.DATABASE_URL;
if (url) {
  describe('pgbench on the PostgreSQL server', () => {
    it('measures both loads on a scratch database and drops it', async () => {
      const figures = await measurePgbench(url, 2, 1);
      if ('skipped' in figures) throw new Error(`pgbench did not run: ${figures.skipped}`);
      expect(figures.simpleUpdateTps).toBeGreaterThan(0);
      expect(figures.selectOnlyTps).toBeGreaterThan(0);
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        const { rows } = await client.query<{ datname: string }>("SELECT datname FROM pg_database WHERE datname LIKE 'bench_pgbench_%'");
        expect(rows).toEqual([]);
      } finally {
        await client.end();
      }
    });
  });
}
