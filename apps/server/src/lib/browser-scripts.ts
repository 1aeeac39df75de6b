// The scripts the server serves to browsers, as it serves them: TypeScript in src/browser/ (type-checked with
// the DOM by its own tsconfig), built at build time into apps/server/dist/browser/ (build/server-bundle.ts:
// `npm run build`, `npm run dev` and the server tests' global setup), read here once per process. The server
// never builds them itself.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each script's name: its source is src/browser/<name>.ts, its build dist/browser/<name>.js. */
export const BROWSER_SCRIPTS = [
  'vault-fields',
  'vault-tokenizer',
  'kyc-sandbox-page',
  'cashier-sandbox-page',
  'framed-return',
  'auto-submit',
] as const;
export type BrowserScript = (typeof BROWSER_SCRIPTS)[number];

// A path join, not `new URL(…, import.meta.url)`, which Vite (the tests' loader) rewrites as an asset of its own.
const serverDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '../..');

export const browserScriptSource = (name: BrowserScript): string => path.join(serverDir, 'src/browser', `${name}.ts`);
export const builtBrowserScriptFile = (name: BrowserScript): string => path.join(serverDir, 'dist/browser', `${name}.js`);

const cache = new Map<BrowserScript, string>();

/** The built script's text; throws, naming the command, when the build has not run. */
export function browserScript(name: BrowserScript): string {
  let text = cache.get(name);
  if (text === undefined) {
    const file = builtBrowserScriptFile(name);
    if (!fs.existsSync(file)) throw new Error(`The browser script ${name} is not built (${file}): run \`npm run build\`.`);
    text = fs.readFileSync(file, 'utf8');
    cache.set(name, text);
  }
  return text;
}

/**
 * A built script placed in its page (a one-line page script, not worth a request of its own): the element to
 * put in the page, and the CSP source that allows exactly it ('sha256-…' of the text between the tags).
 */
export function inlineBrowserScript(name: BrowserScript): { element: string; cspSource: string } {
  const text = browserScript(name).trim();
  return { element: `<script>${text}</script>`, cspSource: `'sha256-${createHash('sha256').update(text).digest('base64')}'` };
}
