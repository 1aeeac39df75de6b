// `npm run dev`: the development loop (README). The API restarts on every server change (tsx watch) and
// the web app reloads in place on every web change (Vite's dev server, which passes /api, /socket.io,
// /sandbox, /mailbox and product images to the API). Open http://localhost:5173.
// The API is told that the store's public address is the dev server's, so the card vault lets that
// page frame its fields and links in e-mails and the sandbox bank page come back to it.
// The hosted checkout's page script is built before the API starts, and built again on every change of its
// sources; the API restarts when it changes (it reads the built file once, at start).
// Ctrl-C stops both; if either stops on its own, the other is stopped too.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pageScriptFile, watchPageScript } from '@store/checkout-host/build';
import { watchServerAssets } from '../apps/server/build/server-bundle.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const bin = (name: string) => path.join(repoRoot, 'node_modules', '.bin', name);
const WEB_DEV_ORIGIN = 'http://localhost:5173';

const pageScript = pageScriptFile();
const pageScriptWatch = await watchPageScript(pageScript);
// The session-recording batch worker is a built file even here (ADR 051); a worker loads it at the next batch.
const serverAssetsWatch = await watchServerAssets();

const children: ChildProcess[] = [
  spawn(bin('tsx'), ['watch', '--clear-screen=false', '--include', pageScript, 'src/server.ts'], {
    cwd: path.join(repoRoot, 'apps/server'),
    env: { ...process.env, PUBLIC_URL: process.env.PUBLIC_URL ?? WEB_DEV_ORIGIN, CHECKOUT_PAGE_SCRIPT: pageScript },
    stdio: 'inherit',
  }),
  spawn(bin('vite'), ['--strictPort'], { cwd: path.join(repoRoot, 'apps/web'), stdio: 'inherit' }),
];

let stopping = false;
function stopAll(code: number) {
  if (stopping) return;
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  void pageScriptWatch.stop();
  void serverAssetsWatch.stop();
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 0));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
