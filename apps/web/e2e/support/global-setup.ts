import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { assertChromiumInstalled } from './chromium.ts';
import { pgliteTemplate, repoRoot, SERVER_BUNDLE, startStore } from './store-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
    /** A migrated embedded database that a test file's own store starts from (StoreOptions.databaseFrom). */
    migratedDatabase: string;
  }
}

/**
 * Starts the real server on a fresh embedded database, as `npm start` would, on a free port; meanwhile, a migrated
 * database for the stores that test files start for themselves.
 */
export default async function setup(project: TestProject) {
  assertChromiumInstalled();
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/index.html'))) {
    throw new Error('The web app is not built: run `npm run build` before the browser tests (npm run test:e2e does).');
  }
  // The hosted checkout's page script: the same `npm run build` writes it (the server reads CHECKOUT_PAGE_SCRIPT, else this file).
  const pageScript = process.env.CHECKOUT_PAGE_SCRIPT ?? path.join(repoRoot, 'apps/checkout-host/dist/page.js');
  if (!fs.existsSync(pageScript)) {
    throw new Error(`The hosted checkout's page script is not built (${pageScript}): run \`npm run build\` before the browser tests.`);
  }
  if (!fs.existsSync(SERVER_BUNDLE)) {
    throw new Error(`The store's server is not built (${SERVER_BUNDLE}): run \`npm run build\` before the browser tests.`);
  }
  const templateDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-e2e-template-'));
  const migrated = path.join(templateDir, 'pglite');
  const [store] = await Promise.all([startStore({ publicUrl: true }), pgliteTemplate(migrated)]);
  project.provide('baseURL', store.baseURL);
  project.provide('migratedDatabase', migrated);
  return async () => {
    await store.stop();
    fs.rmSync(templateDir, { recursive: true, force: true });
  };
}
