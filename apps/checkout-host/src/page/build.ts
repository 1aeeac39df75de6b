// Builds the page script (client.ts, TypeScript) for the browser with esbuild, at build time: `npm run build`
// (apps/server's `build` script runs this file), `npm run dev` (which rebuilds it on every change) and the
// server tests' global setup. The host only reads what this wrote (page/script.ts); the server never imports
// esbuild (eslint.config.js).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { build, context, type BuildOptions, type OutputFile } from 'esbuild';
import { BUILT_PAGE_SCRIPT } from './script.ts';

const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'client.ts');

const OPTIONS = {
  entryPoints: [entry],
  bundle: true,
  write: false,
  format: 'iife',
  platform: 'browser',
  target: 'es2020',
  minify: true,
  legalComments: 'none',
  logLevel: 'silent',
} satisfies BuildOptions;

/** The file a build writes: CHECKOUT_PAGE_SCRIPT when set (the server reads the same variable), else apps/checkout-host/dist/page.js. */
export function pageScriptFile(env: NodeJS.ProcessEnv = process.env): string {
  return env.CHECKOUT_PAGE_SCRIPT ? path.resolve(env.CHECKOUT_PAGE_SCRIPT) : BUILT_PAGE_SCRIPT;
}

/**
 * Written beside and renamed into place, so a server starting meanwhile never reads half a file; left alone
 * when the text is the same (a watcher restarting the server on its change restarts only for a new one).
 */
function writeBundle(outputFiles: OutputFile[] | undefined, file: string): void {
  const text = outputFiles?.[0]?.text;
  if (text === undefined) throw new Error('esbuild produced no page script');
  if (fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text) return;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, text);
  fs.renameSync(partial, file);
}

/** Builds the page script once into `file`. */
export async function buildPageScript(file: string = pageScriptFile()): Promise<string> {
  writeBundle((await build(OPTIONS)).outputFiles, file);
  return file;
}

/** Builds the page script into `file` now and again after every change of its sources (`npm run dev`); stop() ends it. */
export async function watchPageScript(file: string = pageScriptFile()): Promise<{ stop(): Promise<void> }> {
  await buildPageScript(file); // a first build that fails stops the start here
  const ctx = await context({
    ...OPTIONS,
    plugins: [
      {
        name: 'write-page-script',
        setup(b) {
          b.onEnd((result) => {
            if (result.errors.length) console.error(`page script not rebuilt: ${result.errors.map((e) => e.text).join('; ')}`);
            else writeBundle(result.outputFiles, file);
          });
        },
      },
    ],
  });
  await ctx.watch();
  return { stop: () => ctx.dispose() };
}

// `node --import tsx src/page/build.ts` (apps/checkout-host's `npm run build`).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const file = await buildPageScript();
  console.log(`hosted checkout page script: ${path.relative(process.cwd(), file)}`);
}
