import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { assertChromiumInstalled } from './chromium.ts';
import { repoRoot, SERVER_BUNDLE, startStore } from './store-server.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

/** Starts the real server on a fresh embedded database, as `npm start` would, on a free port. */
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
  const store = await startStore({ publicUrl: true });
  project.provide('baseURL', store.baseURL);
  return () => store.stop();
}
