import { defineConfig } from 'vitest/config';

// Browser tests: a real server (built web app + API on a fresh embedded database) and the system
// Chromium driven by playwright-core. Two files run side by side, each with its own browser: a test spends
// much of its time waiting on the page, the server or the sandboxes, and two at once took the stage from
// about 620 s of test time to 338 s on this 2-core machine (docs/performance.md). Each test makes its own
// shopper; a test that changes what every shopper sees (a new product) is one the others must tolerate.
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'apps/web/e2e',
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    maxWorkers: 2,
    testTimeout: 60_000,
    // A file that starts a store of its own (country-restriction, published-sdk) waits for it up to 180 s.
    hookTimeout: 240_000,
  },
});
