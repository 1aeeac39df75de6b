// Where `npm run build` writes the store's server (apps/server/build/server-bundle.ts) and where the running
// server finds what was built for it: one place, so the build and its readers agree.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const distDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

/** What `npm start` runs: the server, one ES module. */
export const SERVER_BUNDLE = path.join(distDir, 'server.js');
/** `npm run start:checkout-host` runs this: the hosted checkout alone (checkout-host-server.ts, ADR 052). */
export const CHECKOUT_HOST_BUNDLE = path.join(distDir, 'checkout-host.js');
/** The session-recording batch worker (modules/recordings/batch-worker.ts), one CommonJS file a worker thread loads. */
export const BATCH_WORKER_BUNDLE = path.join(distDir, 'batch-worker.cjs');
