// `node --import tsx scripts/pglite-template.ts <dir>`: creates an embedded database in <dir> and applies every
// migration (the store's, its sandboxes' and the hosted checkout's), as a store's first start would, then closes
// it. The browser tests' global setup makes one per run; each store a test file starts for itself begins from a
// copy (apps/web/e2e/support/store-server.ts), which spares it creating a PGlite directory (3-11 s here).
import { openDatabase } from '../apps/server/src/db/client.ts';
import { migrateAll } from '../apps/server/src/migrations.ts';

const dir = process.argv[2];
if (!dir) throw new Error('usage: pglite-template.ts <directory>');
const database = await openDatabase({ dataDir: dir, sandbox: true });
await migrateAll(database);
await database.close();
