import { defineConfig } from 'vitest/config';

// Browser tests: a real server (built web app + API on a fresh embedded database) and the system
// Chromium driven by playwright-core. Files run one after another: 2 cores, one browser at a time.
export default defineConfig({
  test: {
    name: 'e2e',
    root: 'apps/web/e2e',
    include: ['tests/**/*.e2e.ts'],
    globalSetup: ['./support/global-setup.ts'],
    fileParallelism: false,
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
