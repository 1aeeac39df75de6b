// The vault's browser scripts as the server serves them: TypeScript under browser/, built at build time into
// apps/server/dist/browser/ (apps/server/build/browser-scripts.ts: `npm run build`, `npm run dev` and the
// server tests' global setup), read here once per process. The server never builds them itself.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BROWSER_SCRIPTS = ['fields', 'tokenizer'] as const;
export type BrowserScript = (typeof BROWSER_SCRIPTS)[number];

/**
 * Where the build writes a script: apps/server/dist/browser/<name>.js. A path join, not `new URL(…, import.meta.url)`,
 * which Vite (the tests' loader) rewrites as an asset of its own.
 */
export const builtBrowserScriptFile = (name: BrowserScript): string =>
  path.join(path.dirname(fileURLToPath(import.meta.url)), '../../../dist/browser', `${name}.js`);

const cache = new Map<BrowserScript, string>();

/** The built script's text; throws, naming the command, when the build has not run. */
export function browserScript(name: BrowserScript): string {
  let text = cache.get(name);
  if (text === undefined) {
    const file = builtBrowserScriptFile(name);
    if (!fs.existsSync(file)) throw new Error(`The vault's ${name} script is not built (${file}): run \`npm run build\`.`);
    text = fs.readFileSync(file, 'utf8');
    cache.set(name, text);
  }
  return text;
}
