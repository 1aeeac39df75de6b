// Builds the store's server for `npm start`, at build time: one ES module (dist/server.js) holding our own
// TypeScript (apps/server/src and the @store/* workspace packages it imports), with every npm package left to
// Node's resolution. Started as `node dist/server.js`, a process spends its start loading that one file
// instead of compiling and resolving some 600 TypeScript modules through tsx: 2.4 s against 4.3 s for the
// app's imports on a quiet 2-core machine, and every crash test and browser-test store starts a process
// (docs/performance.md, ADR 051). Beside it, the session-recording batch worker (dist/batch-worker.cjs), so no
// server runs esbuild.
//
// The bundle runs from the checkout it was built in, never copied elsewhere: each module's `import.meta.url`
// is kept as its source file's URL, so the paths our code derives from it (the SQL migrations, the product
// images, the hosted checkout's page script, the worker and child-process entries) are the ones tsx would see.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, context, type BuildOptions, type OutputFile, type Plugin } from 'esbuild';
import { BATCH_WORKER_BUNDLE, CHECKOUT_HOST_BUNDLE, SERVER_BUNDLE } from '../src/build-outputs.ts';
import { BROWSER_SCRIPTS, browserScriptSource, builtBrowserScriptFile } from '../src/lib/browser-scripts.ts';

export { BATCH_WORKER_BUNDLE, CHECKOUT_HOST_BUNDLE, SERVER_BUNDLE };

const serverDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** npm packages stay packages (Node loads them as they ship); only our workspace packages are bundled. */
const npmPackagesExternal: Plugin = {
  name: 'npm-packages-external',
  setup(b) {
    b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@store/') ? undefined : { path: args.path, external: true }));
  },
};

/** Each TypeScript module keeps its own file's URL as `import.meta.url` (see above). */
const sourceUrls: Plugin = {
  name: 'source-import-meta-url',
  setup(b) {
    b.onLoad({ filter: /\.ts$/ }, async (args) => {
      const text = await fs.promises.readFile(args.path, 'utf8');
      if (!text.includes('import.meta.url')) return undefined;
      return { contents: text.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href)), loader: 'ts' };
    });
  },
};

/** Written beside and renamed into place, so a process starting meanwhile never reads half a file. */
function writeOutputs(outputFiles: OutputFile[]): void {
  for (const out of outputFiles) {
    fs.mkdirSync(path.dirname(out.path), { recursive: true });
    const partial = `${out.path}.${process.pid}.partial`;
    fs.writeFileSync(partial, out.contents);
    fs.renameSync(partial, out.path);
  }
}

/**
 * The session-recording batch worker (ADR 033): a worker thread does not inherit the loader that runs the
 * server, so it gets a file of its own, everything bundled, in CommonJS.
 */
const BATCH_WORKER_OPTIONS = {
  entryPoints: [path.join(serverDir, 'src/modules/recordings/batch-worker.ts')],
  bundle: true,
  platform: 'node',
  format: 'cjs',
  target: 'node20',
  minify: true,
  legalComments: 'none',
  write: false,
  outfile: BATCH_WORKER_BUNDLE,
  logLevel: 'silent',
} satisfies BuildOptions;

/**
 * The scripts the server serves to browsers (src/browser/*.ts: the vault's card frames and tokenizer, the
 * sandboxes' pages), each one classic script in dist/browser/, served as it is.
 */
const browserScriptOptions = (name: (typeof BROWSER_SCRIPTS)[number]) =>
  ({
    entryPoints: [browserScriptSource(name)],
    bundle: true,
    platform: 'browser',
    format: 'iife',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    write: false,
    outfile: builtBrowserScriptFile(name),
    logLevel: 'silent',
  }) satisfies BuildOptions;

/** One of the server's entry points as one ES module with its source map (a stack trace names our .ts files). */
const serverEntry = (entry: string, outfile: string) =>
  build({
    entryPoints: [path.join(serverDir, entry)],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: 'linked',
    write: false,
    outfile,
    logLevel: 'silent',
    plugins: [npmPackagesExternal, sourceUrls],
  });

/**
 * Writes dist/server.js, dist/checkout-host.js (the hosted checkout started alone, ADR 052),
 * dist/batch-worker.cjs and the browser scripts (dist/browser/).
 */
export async function buildServerBundle(file: string = SERVER_BUNDLE): Promise<string> {
  const outputs = await Promise.all([
    serverEntry('src/server.ts', file),
    serverEntry('src/checkout-host-server.ts', CHECKOUT_HOST_BUNDLE),
    build(BATCH_WORKER_OPTIONS),
    ...BROWSER_SCRIPTS.map((name) => build(browserScriptOptions(name))),
  ]);
  writeOutputs(outputs.flatMap((output) => output.outputFiles));
  return file;
}

/** Builds with `options` now and again after every change of its sources; stop() ends the watch. */
async function watchBuilt(what: string, options: BuildOptions): Promise<{ stop(): Promise<void> }> {
  writeOutputs((await build(options)).outputFiles ?? []);
  const ctx = await context({
    ...options,
    plugins: [
      {
        name: `write-${what}`,
        setup(b) {
          b.onEnd((result) => {
            if (result.errors.length) console.error(`${what} not rebuilt: ${result.errors.map((e) => e.text).join('; ')}`);
            else writeOutputs(result.outputFiles ?? []);
          });
        },
      },
    ],
  });
  await ctx.watch();
  return { stop: () => ctx.dispose() };
}

/**
 * `npm run dev` runs the server from source (tsx watch), but the batch worker and the browser scripts
 * are always the built files: built now and again after every change of their sources; stop() ends it.
 */
export async function watchServerAssets(): Promise<{ stop(): Promise<void> }> {
  const watches = await Promise.all([
    watchBuilt('batch worker', BATCH_WORKER_OPTIONS),
    ...BROWSER_SCRIPTS.map((name) => watchBuilt(`${name} script`, browserScriptOptions(name))),
  ]);
  return { stop: async () => void (await Promise.all(watches.map((w) => w.stop()))) };
}

// `node --import tsx build/server-bundle.ts` (apps/server's `npm run build`).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = await buildServerBundle();
  console.log(`store server: ${path.relative(process.cwd(), file)}`);
}
