// The server project's global setup, once per run before any worker starts:
// - builds the hosted checkout's page script, as `npm run build` does (the same function), so the host's
//   tests serve the current page and a plain `npx vitest run` works on a fresh clone. The build writes its
//   file by renaming, so a run beside another (the other driver's) never reads half a file;
// - builds the store's server bundle (`dist/server.js`, build/server-bundle.ts) the same way, so the tests that
//   start the server as a process (crash-restart, production and database starts) run the code under test;
// - on the embedded PGlite (no DATABASE_URL), migrates one database and keeps its dump in a file for the
//   run: each test app starts from it (test/support/test-app.ts) instead of creating an empty PGlite and
//   applying every migration again, about 2.5 s a file.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildPageScript } from '@store/checkout-host/build';
import { buildServerBundle } from '../build/server-bundle.ts';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client.ts';
import { migrateAll } from '../src/migrations.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A migrated PGlite database's dump (with the sandboxes' schema); '' on PostgreSQL. */
    migratedPgliteDump: string;
  }
}

export default async function setup(project: TestProject) {
  await Promise.all([buildPageScript(), buildServerBundle()]);
  if (process.env.DATABASE_URL) {
    project.provide('migratedPgliteDump', '');
    return;
  }
  const database = await openDatabase({ sandbox: true });
  await migrateAll(database);
  const dump = await database.dump!();
  await database.close();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-test-db-'));
  const file = path.join(dir, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('migratedPgliteDump', file);
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
