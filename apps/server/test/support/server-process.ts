// How the tests start the store's server as a process of its own, as `npm start` does: the bundle that
// `npm run build` writes (build/server-bundle.ts), which the server tests' global setup builds afresh before
// any file runs, so it holds the code under test.
import { SERVER_BUNDLE } from '../../src/build-outputs.ts';

/** Node's arguments for a server process (cwd: the repository root, as `npm start` runs it). */
export const SERVER_PROCESS_ARGS: readonly string[] = ['--enable-source-maps', SERVER_BUNDLE];
