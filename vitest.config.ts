import { configDefaults, defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'server',
          root: 'apps/server',
          include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
          // The two-instance tests (live events, rate limits, card attempts) need a Redis server; without REDIS_URL they are not part of the run.
          exclude: [...configDefaults.exclude, ...(process.env.REDIS_URL ? [] : ['test/live-redis.test.ts', 'test/rate-limit-redis.test.ts', 'test/card-attempts-redis.test.ts']),
            // The stalled-database test puts a proxy in front of the PostgreSQL server; without DATABASE_URL there is none.
            ...(process.env.DATABASE_URL ? [] : ['test/database-stall.test.ts'])],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}'],
          environment: 'jsdom',
          // Form tests type into real inputs; generous under CI load, never a speed assertion.
          testTimeout: 20_000,
          setupFiles: ['./src/test/setup.ts'],
        },
      },
    ],
  },
});
