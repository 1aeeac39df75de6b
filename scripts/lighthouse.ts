// `npm run lighthouse`: a benchmark, not a test (DESIGN §4, issues 8 and 26). Builds nothing itself (the npm
// script builds first), starts the built store on a fresh embedded database in production mode, and runs
// Lighthouse's mobile profile (its defaults: a mid-range phone, simulated slow 4G and a 4x slower CPU)
// through the system Chromium, three times each, against the pages issue 26 names: /, /products, /login,
// a product's page and the cart of a signed-in shopper (the demo shopper, with a product in the cart). It
// prints the median performance and accessibility scores and the JavaScript each page loads, compressed as
// sent, and exits 1 when a median performance is below 95, an accessibility below 100, or a public page's
// JavaScript above 120 KB (everything it loads, whenever: the build's first-load check counts the rest).
//   RUNS=5 npm run lighthouse          more runs per page
//   PAGES=/,/about-us npm run lighthouse   other pages ("product" is a product's page, "cart" the signed-in cart)
//   LH_REPORT_DIR=/tmp/lh npm run lighthouse   also keeps each run's whole report (JSON), to read its timings
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { chromium } from 'playwright-core';
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
const PAGES = (process.env.PAGES ?? '/,/products,/login,product,cart').split(',');
const RUNS = Number(process.env.RUNS ?? 3);
const MIN_PERFORMANCE = 95;
const MIN_ACCESSIBILITY = 100;
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
    // The demo shopper (test-login, answering this machine only) for the signed-in cart; the pages are the same build's.
    DEMO_DATA: 'true',
    ALLOW_DEMO_IN_PRODUCTION: 'true',
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

async function runLighthouse(url: string, port: number, signedIn: boolean): Promise<Run> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // Lighthouse clears the origin's storage before a run unless told not to; a signed-in page needs its session.
      disableStorageReset: signedIn,
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    // A run Lighthouse could not measure scores 0 (or nothing): said and run again, never averaged in as a 0.
    const problem = result.lhr.runtimeError?.message ?? (result.lhr.categories.performance?.score == null ? 'no performance score' : null);
    if (!problem) {
      keepReport(url, result.lhr);
      return summarise(result.lhr);
    }
    console.log(`(${url}: Lighthouse could not measure this run: ${problem}${attempt < ATTEMPTS ? '; running it again' : ''})`);
    if (attempt >= ATTEMPTS) throw new Error(`Lighthouse could not measure ${url} in ${ATTEMPTS} attempts: ${problem}`);
  }
}

type Report = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

const REPORT_DIR = process.env.LH_REPORT_DIR;
let reportsKept = 0;
/** With LH_REPORT_DIR, each run's report as Lighthouse made it, numbered in the order the runs went. */
function keepReport(url: string, lhr: Report): void {
  if (!REPORT_DIR) return;
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const name = new URL(url).pathname.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '') || 'home';
  reportsKept += 1;
  fs.writeFileSync(path.join(REPORT_DIR, `${String(reportsKept).padStart(2, '0')}-${name}.json`), JSON.stringify(lhr));
}

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

interface Target {
  /** The page as the table names it. */
  label: string;
  path: string;
  /** A signed-in shopper's page: their session is in the browser's storage, which Lighthouse must keep. */
  signedIn: boolean;
}

async function api<T>(origin: string, method: string, apiPath: string, body?: unknown, token?: string): Promise<T> {
  const res = await fetch(`${origin}/api/${apiPath}`, {
    method,
    headers: { ...(body ? { 'content-type': 'application/json' } : {}), ...(token ? { 'x-auth-token': token } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  if (!res.ok) throw new Error(`${method} ${apiPath}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** The first available product of the catalogue, whose page is "product". */
async function aProduct(origin: string): Promise<string> {
  const listing = await api<{ data: { data: { _id: string; isAvailable: boolean }[] } }>(origin, 'GET', 'v1/admin/product');
  const product = listing.data.data.find((p) => p.isAvailable);
  if (!product) throw new Error('The seeded catalogue has no available product');
  return product._id;
}

/**
 * Signs the demo shopper in, puts a product in their cart, and leaves the session in the browser's storage
 * as the app keeps it (SPEC §7: xAuthToken, user), for the signed-in runs.
 */
async function signInTheBrowser(origin: string, chromePort: number, productId: string): Promise<void> {
  const accounts = await api<{ data: { email: string; role: string }[] }>(origin, 'GET', 'v1/auth/test-accounts');
  const email = accounts.data.find((a) => a.role === 'USER')?.email;
  if (!email) throw new Error('The demo data has no shopper');
  const session = await api<{ data: { token: string; user: object } }>(origin, 'POST', 'v1/auth/test-login', { email });
  await api(origin, 'POST', 'v1/cart', { itemId: productId, quantity: 1, type: 'product' }, session.data.token);
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    await page.goto(`${origin}/about-us`);
    await page.evaluate(
      ([token, user]) => {
        // The page's own storage (this script is typed for Node, without the DOM's names).
        const storage = (globalThis as unknown as { localStorage: { setItem(key: string, value: string): void } }).localStorage;
        storage.setItem('xAuthToken', token);
        storage.setItem('user', user);
      },
      [session.data.token, JSON.stringify(session.data.user)] as const,
    );
    await page.close();
  } finally {
    // Disconnects only: the browser is chrome-launcher's, and Lighthouse goes on using it.
    await browser.close();
  }
}

/**
 * Empties the browser's HTTP cache and leaves its storage alone. Lighthouse's own reset does both, and a
 * signed-in run must skip it to keep the session: without this, those runs would find every script cached.
 */
async function clearHttpCache(chromePort: number): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${chromePort}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.close();
  } finally {
    await browser.close();
  }
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
  const productId = PAGES.includes('product') ? await aProduct(store.origin) : '';
  const targets: Target[] = PAGES.map((page) =>
    page === 'product'
      ? { label: '/product-details/<id>', path: `/product-details/${productId}`, signedIn: false }
      : page === 'cart'
        ? { label: '/cart (signed in)', path: '/cart', signedIn: true }
        : { label: page, path: page, signedIn: false },
  );
  // One load of each page first, so the runs measure the store at work, not its first render.
  for (const { path: page } of targets) await fetch(store.origin + page);
  console.log(`Lighthouse ${RUNS}x per page, mobile profile, ${store.origin}, ${started.toISOString()}, load average before: ${load}\n`);
  console.log('| page | performance | accessibility | JS (compressed) | JS transfer incl. headers | runs (perf) |');
  console.log('|---|---|---|---|---|---|');
  let signedInYet = false;
  // Guests' pages first: Lighthouse keeps the storage for the signed-in ones, which would sign the guests in.
  for (const { label: page, path: pagePath, signedIn } of [...targets].sort((a, b) => Number(a.signedIn) - Number(b.signedIn))) {
    // Lighthouse's storage reset leaves localStorage alone: the session goes in only once the guests' runs are done.
    if (signedIn && !signedInYet) {
      await signInTheBrowser(store.origin, chrome.port, productId || (await aProduct(store.origin)));
      signedInYet = true;
    }
    const runs: Run[] = [];
    for (let i = 0; i < RUNS; i += 1) {
      if (signedIn) await clearHttpCache(chrome.port);
      runs.push(await runLighthouse(store.origin + pagePath, chrome.port, signedIn));
    }
    const performance = median(runs.map((r) => r.performance));
    const accessibility = median(runs.map((r) => r.accessibility));
    const js = await compressedBytes(runs[0]!.scripts);
    const transfer = median(runs.map((r) => r.scriptTransfer));
    console.log(
      `| ${page} | ${performance} | ${accessibility} | ${kb(js)} (${runs[0]!.scripts.length} files) | ${kb(transfer)} | ${runs.map((r) => r.performance).join(', ')} |`,
    );
    const problems = [...new Set(runs.flatMap((r) => r.failing))];
    if (problems.length) console.log(`|  | below 90 in some run: ${problems.join('; ')} | | | | |`);
    if (performance < MIN_PERFORMANCE || accessibility < MIN_ACCESSIBILITY) failed = true;
    if (!signedIn && js > JS_BUDGET_BYTES) failed = true;
  }
  console.log(
    `\nLoad average after: ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}; ${Math.round((Date.now() - started.getTime()) / 1000)} s`,
  );
  console.log(
    failed
      ? `Below target (performance ${MIN_PERFORMANCE}, accessibility ${MIN_ACCESSIBILITY}, JS ${kb(JS_BUDGET_BYTES)} on a public page).`
      : 'All pages on target.',
  );
} finally {
  chrome.kill();
  store.child.kill('SIGTERM');
  await new Promise((r) => (store.child.exitCode !== null ? r(null) : store.child.once('exit', r)));
  fs.rmSync(store.dataDir, { recursive: true, force: true });
}
process.exit(failed ? 1 : 0);
