// `npm run lighthouse`: a benchmark, not a test (DESIGN §4, issue 8). Builds nothing itself (the npm
// script builds first), starts the built store on a fresh embedded database in production mode, and runs
// Lighthouse's mobile profile (its defaults: a mid-range phone, simulated slow 4G and a 4x slower CPU)
// against /, /products and /login through the system Chromium, three times each. It prints the median
// performance and accessibility scores and the JavaScript each page loads, compressed as sent, and
// exits 1 when a score is below 95 or a page's JavaScript is above 120 KB.
//   RUNS=5 npm run lighthouse          more runs per page
//   PAGES=/,/about-us npm run lighthouse   other pages
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { SERVER_BUNDLE } from '../apps/server/src/build-outputs.ts';
import { freePort } from '../apps/server/test/support/ports.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
];
const PAGES = (process.env.PAGES ?? '/,/products,/login').split(',');
const RUNS = Number(process.env.RUNS ?? 3);
const MIN_SCORE = 95;
const JS_BUDGET_BYTES = 120 * 1024;

/** The built store in production mode (test cards, mail to the log) on a fresh database; stopped by the caller. */
async function startStore(): Promise<{ origin: string; child: ChildProcess; dataDir: string }> {
  if (!fs.existsSync(path.join(repoRoot, 'apps/web/dist/server/entry-server.js'))) {
    throw new Error('The web app is not built: run `npm run build` first (npm run lighthouse does).');
  }
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lighthouse-'));
  const origin = `http://127.0.0.1:${port}`;
  const { DATABASE_URL: _db, SMTP_URL: _smtp, ...inherited } = process.env;
  const env = {
    ...inherited,
    NODE_ENV: 'production',
    MAIL_TRANSPORT: 'log',
    PAYMENTS_PROVIDER: 'sandbox',
    PORT: String(port),
    VAULT_PORT: '0',
    CHECKOUT_PORT: '0',
    STRIPE_SANDBOX_PORT: '0',
    SQUARE_SANDBOX_PORT: '0',
    PUBLIC_URL: origin,
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  let output = '';
  // The built server, as `npm start` runs it (`npm run lighthouse` builds first).
  const child = spawn(process.execPath, ['--enable-source-maps', SERVER_BUNDLE], { cwd: repoRoot, env });
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const deadline = Date.now() + 90_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`The store exited early:\n${output}`);
    if (
      await fetch(`${origin}/api/ping`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { origin, child, dataDir };
    await new Promise((r) => setTimeout(r, 250));
  }
  child.kill('SIGTERM');
  throw new Error(`The store did not answer within 90 s:\n${output}`);
}

interface NetworkItem {
  url: string;
  resourceType?: string;
  transferSize?: number;
}

interface Run {
  performance: number;
  accessibility: number;
  failing: string[];
  scripts: string[];
  scriptTransfer: number;
}

/** Tries a run this often when Lighthouse reports that it could not measure (a page that never painted in time, on a busy machine). */
const ATTEMPTS = 3;

async function runLighthouse(url: string, port: number): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    // A run Lighthouse could not measure scores 0 (or nothing): said and run again, never averaged in as a 0.
    const problem = result.lhr.runtimeError?.message ?? (result.lhr.categories.performance?.score == null ? 'no performance score' : null);
    if (!problem) return summarise(result.lhr);
    console.log(`(${url}: Lighthouse could not measure this run: ${problem}${attempt < ATTEMPTS ? '; running it again' : ''})`);
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse could not measure ${url} in ${ATTEMPTS} attempts: ${problem}`);
  }
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function summarise(lhr: Report): Run {
  const { categories, audits } = lhr;
  const items = ((audits['network-requests']?.details as { items?: NetworkItem[] } | undefined)?.items ?? []).filter(
    (i) => i.resourceType === 'Script',
  );
  const failing = [...(categories.accessibility?.auditRefs ?? []), ...(categories.performance?.auditRefs ?? [])]
    .filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 0.9)
    .map((ref) => `${ref.id} (${audits[ref.id]?.displayValue ?? audits[ref.id]?.score})`);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    failing,
    scripts: items.map((i) => i.url),
    scriptTransfer: items.reduce((sum, i) => sum + (i.transferSize ?? 0), 0),
  };
}

/** Bytes of each script's body as the store sends it to a browser (brotli), summed. */
async function compressedBytes(urls: string[]): Promise<number> {
  let total = 0;
  for (const url of new Set(urls)) {
    const res = await fetch(url, { headers: { 'accept-encoding': 'br, gzip' } });
    const length = Number(res.headers.get('content-length'));
    // fetch decodes the body; Content-Length is the encoded size the server sent.
    total += Number.isFinite(length) && length > 0 ? length : (await res.arrayBuffer()).byteLength;
  }
  return total;
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

const started = new Date();
const load = os
  .loadavg()
  .map((l) => l.toFixed(2))
  .join(' ');
const store = await startStore();
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: CHROMIUM_FLAGS });
let failed = false;
try {
  // One load of each page first, so the runs measure the store at work, not its first render.
  for (const page of PAGES) await fetch(store.origin + page);
  console.log(`Lighthouse ${RUNS}x per page, mobile profile, ${store.origin}, ${started.toISOString()}, load average before: ${load}\n`);
  console.log('| page | performance | accessibility | JS (compressed) | JS transfer incl. headers | runs (perf) |');
  console.log('|---|---|---|---|---|---|');
  for (const page of PAGES) {
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) runs.push(await runLighthouse(store.origin + page, chrome.port));
    const performance = median(runs.map((r) => r.performance));
    const accessibility = median(runs.map((r) => r.accessibility));
    const js = await compressedBytes(runs[0]!.scripts);
    const transfer = median(runs.map((r) => r.scriptTransfer));
    console.log(
      `| ${page} | ${performance} | ${accessibility} | ${kb(js)} (${runs[0]!.scripts.length} files) | ${kb(transfer)} | ${runs.map((r) => r.performance).join(', ')} |`,
    );
    const problems = [...new Set(runs.flatMap((r) => r.failing))];
    if (problems.length) console.log(`|  | below 90 in some run: ${problems.join('; ')} | | | | |`);
    if (performance < MIN_SCORE || accessibility < MIN_SCORE) failed = true;
    if ((page === '/' || page === '/products') && js > JS_BUDGET_BYTES) failed = true;
  }
  console.log(
    `\nLoad average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${Math.round((Date.now() - started.getTime()) / 1000)} s`,
  );
  console.log(failed ? `Below target (scores ${MIN_SCORE}, JS ${kb(JS_BUDGET_BYTES)} on / and /products).` : 'All pages on target.');
} finally {
  chrome.kill();
  store.child.kill('SIGTERM');
  await new Promise((r) => (store.child.exitCode !== null ? r(null) : store.child.once('exit', r)));
  fs.rmSync(store.dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
