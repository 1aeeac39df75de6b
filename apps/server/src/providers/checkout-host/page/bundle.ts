// The page script (client.ts, TypeScript) bundled for the browser with esbuild once, at first request.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'client.ts');
let bundled: Promise<string> | null = null;

export function pageScript(): Promise<string> {
  bundled ??= build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2020',
    minify: true,
    legalComments: 'none',
    logLevel: 'silent',
  })
    .then((result) => result.outputFiles[0]!.text)
    .catch((err: unknown) => {
      bundled = null; // asked again on the next request
      throw err;
    });
  return bundled;
}
