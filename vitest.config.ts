import os from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { DRIVER_SPECIFIC_TESTS } from './apps/server/test/driver-specific.ts';

// SERVER_TESTS=driver-specific narrows the server project to the tests that can depend on the database
// driver: `npm test` runs the whole server suite on PostgreSQL and these again on the embedded PGlite.
const serverTests =
  process.env.SERVER_TESTS === 'driver-specific' ? DRIVER_SPECIFIC_TESTS : ['src/**/*.test.ts', 'test/**/*.test.ts', 'bench/**/*.test.ts'];

// Vitest's default is one worker fewer than the cores: on this 2-core machine, one file at a time. Server
// tests spend much of their time waiting on PostgreSQL, their fakes and timers, so one worker more than the
// cores keeps both busy: the PostgreSQL stage went from 910 s to 600 s (docs/performance.md).
// `--maxWorkers` on the command line still overrides it.
// Server tests share a module graph per worker (isolate: false): a file no longer imports the whole app again.
// The server project on PostgreSQL took 846 s isolated (1,098 s of workers' time importing) and 355 s without
// (46 s importing), same tests, same session (docs/performance.md, ADR 049). It asks of every server test what
// they already do: build their own app, database schema and fakes, restore timers, globals and spies they
// change, and read only their own schema from the catalogue. A file that needs something loaded once per
// process not to be loaded yet (geoip-lite's data) runs isolated, in a process of its own.
const SERVER_TESTS_NEEDING_A_PROCESS = ['src/lib/geo-ip-data-dir.test.ts'];
const serverProject = {
  root: 'apps/server',
  include: serverTests,
  // The two-instance tests (live events, rate limits, card attempts, vault tokenize limits, the session cache) need a Redis server; without REDIS_URL they are not part of the run.
  exclude: [
    ...configDefaults.exclude,
    ...(process.env.REDIS_URL
      ? []
      : [
          'test/live-redis.test.ts',
          'test/rate-limit-redis.test.ts',
          'test/card-attempts-redis.test.ts',
          'test/sign-in-delay-redis.test.ts',
          'test/recording-limits-redis.test.ts',
          'test/vault-tokenize-redis.test.ts',
          'test/session-cache-redis.test.ts',
        ]),
    // The stalled-database test puts a proxy in front of the PostgreSQL server, and the change notices test ends a
    // server connection; without DATABASE_URL there is none.
    ...(process.env.DATABASE_URL ? [] : ['test/database-stall.test.ts', 'test/change-notices-lost.test.ts']),
  ],
  environment: 'node',
  // The hosted checkout's page script, built once before the workers start (test/global-setup.ts).
  globalSetup: ['./test/global-setup.ts'],
  testTimeout: 30_000,
  hookTimeout: 60_000,
};

// The web tests run like the server's, a worker's files in one module graph and one jsdom (setup.ts cleans
// the page and Web Storage after each test): 195 s isolated, 67 s without. A file that replaces a module
// (vi.mock) needs a graph of its own, where no earlier file has loaded the real one: those run isolated.
const WEB_TESTS_MOCKING_MODULES = [
  'src/app/AppToasts.test.tsx',
  'src/features/chat/ChatWidget.test.tsx',
  'src/lib/recording/recorder.test.ts',
  'src/lib/socket.lazy.test.ts',
];
const webProject = {
  root: 'apps/web',
  include: ['src/**/*.test.{ts,tsx}'],
  environment: 'jsdom',
  // Form tests type into real inputs; generous under CI load, never a speed assertion.
  testTimeout: 60_000,
  setupFiles: ['./test/setup.ts'],
};

export default defineConfig({
  test: {
    maxWorkers: os.availableParallelism() + 1,
    projects: [
      { test: { name: 'shared', root: 'packages/shared', include: ['src/**/*.test.ts'], environment: 'node' } },
      // The repository's own scripts (the import-cycle check).
      { test: { name: 'scripts', root: 'scripts', include: ['**/*.test.ts'], environment: 'node' } },
      // The embeddable checkout SDK (issue 11): browser code, tested in jsdom with fake timers where timings matter.
      { test: { name: 'checkout-sdk', root: 'packages/checkout-sdk', include: ['src/**/*.test.{ts,tsx}'], environment: 'jsdom' } },
      // The hosted checkout (apps/checkout-host, ADR 048): its own unit tests; what it does with the store runs in the server project.
      {
        test: {
          name: 'checkout-host',
          root: 'apps/checkout-host',
          include: ['src/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        test: { ...serverProject, name: 'server', exclude: [...serverProject.exclude, ...SERVER_TESTS_NEEDING_A_PROCESS], isolate: false },
      },
      {
        test: {
          ...serverProject,
          name: 'server-isolated',
          include: process.env.SERVER_TESTS === 'driver-specific' ? [] : SERVER_TESTS_NEEDING_A_PROCESS,
        },
      },
      { test: { ...webProject, name: 'web', exclude: [...configDefaults.exclude, ...WEB_TESTS_MOCKING_MODULES], isolate: false } },
      { test: { ...webProject, name: 'web-isolated', include: WEB_TESTS_MOCKING_MODULES } },
    ],
  },
});
