// Entry point: open the database, migrate, seed, listen; close cleanly on SIGINT/SIGTERM.
import path from 'node:path';
import { buildApp } from './app.ts';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { migrate } from './db/migrate.ts';
import { seed } from './db/seed.ts';

const config = loadConfig();
const database = await openDatabase({ url: config.DATABASE_URL, dataDir: config.DATABASE_URL ? undefined : path.join(config.DATA_DIR, 'pglite') });
await migrate(database);
const seeded = await seed(database.db, { demo: config.DEMO_DATA });
const app = await buildApp({ config, database });
await app.listen({ port: config.PORT, host: config.HOST });

const store = `http://localhost:${config.PORT}`;
console.log(`\nStorefront ready at ${store}`);
console.log(`Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`);
console.log(config.SMTP_URL ? 'Mail: SMTP (SMTP_URL)' : `Mail: kept locally, read it at ${store}/mailbox`);
if (seeded.demoAccounts.length) {
  console.log('Demo accounts (also one click away at /test-login):');
  for (const a of seeded.demoAccounts) console.log(`  ${a.role.padEnd(5)} ${a.email}  password: ${a.password}`);
}

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (closing) return;
    closing = true;
    await app.close();
    await database.close();
    process.exit(0);
  });
}
