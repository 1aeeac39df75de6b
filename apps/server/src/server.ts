// Entry point: open the database, migrate, seed, listen; close cleanly on SIGINT/SIGTERM.
import { buildApp } from './app.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { seed } from './db/seed.ts';
import { migrateAll } from './migrations.ts';
import { closeOnSignals, exitOnStartFailure, openConfiguredDatabase } from './process-lifecycle.ts';

let config: Config;
try {
  config = loadConfig();
} catch (err) {
  exitOnStartFailure(err, ConfigError);
}
// An unreachable database is named in the one line (never its password): the next step is the network or DATABASE_URL.
const database = await openConfiguredDatabase(config);
await migrateAll(database);
const seeded = await seed(database.db, { demo: config.DEMO_DATA });
// A plugin that finds what the start needs missing (the hosted checkout's page script, built by `npm run build`) says so in one line too.
const app = await buildApp({ config, database }).catch((err: unknown) => exitOnStartFailure(err, ConfigError));
await app.listen({ port: config.PORT, host: config.HOST });

const store = `http://localhost:${config.PORT}`;
console.log(`\nStorefront ready at ${store}`);
console.log(`Database: ${database.kind === 'pglite' ? `embedded PGlite in ${config.DATA_DIR}` : 'PostgreSQL (DATABASE_URL)'}`);
const MAIL_LINES = {
  smtp: 'Mail: SMTP (SMTP_URL)',
  mailbox: `Mail: kept locally, read it at ${store}/mailbox (from this machine)`,
  log: 'Mail: written to this log (MAIL_TRANSPORT=log)',
} as const;
console.log(MAIL_LINES[config.MAIL_TRANSPORT]);
if (seeded.demoAccounts.length) {
  const oneClick = config.TEST_LOGIN_ADMIN ? 'both' : 'the shopper';
  console.log(`Demo accounts (${oneClick} also one click away at /test-login, from this machine):`);
  for (const a of seeded.demoAccounts) console.log(`  ${a.role.padEnd(5)} ${a.email}  password: ${a.password}`);
}
if (config.DEMO_DATA && config.DEMO_REMOTE_ACCESS) {
  console.log('WARNING: DEMO_REMOTE_ACCESS=true: test-login and the mailbox answer every machine that reaches this store.');
}

closeOnSignals(app, database);
