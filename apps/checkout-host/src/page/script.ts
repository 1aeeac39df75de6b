// The page script as the host serves it: the bundle `npm run build` wrote (page/build.ts), read once when the
// host starts, never built here (issue 23: no esbuild at run time). Its content hash names it, so a browser keeps
// it for good and a new build is a new name; the page that refers to it is never cached (page-routes.ts).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Where `npm run build` writes the page script and the host reads it, unless CHECKOUT_PAGE_SCRIPT names another file. */
export const BUILT_PAGE_SCRIPT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../dist/page.js');

export interface PageScript {
  /** The bundle's text, as built. */
  text: string;
  /** Its URL path on the host: /checkout-page/page.<content hash>.js. */
  path: string;
}

const notBuiltMessage = (file: string) =>
  `The hosted checkout's page script is not built (${file} is missing): run \`npm run build\` first, or set CHECKOUT_PORT=off to start without the hosted checkout.`;

/**
 * What stops a start with the host on when nothing was built: one line naming the command (the store's start
 * prints it as a configuration error); null when the file is there.
 */
export function pageScriptMissing(file: string): string | null {
  return fs.existsSync(file) ? null : notBuiltMessage(file);
}

export function readPageScript(file: string): PageScript {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(notBuiltMessage(file));
    throw err;
  }
  const hash = createHash('sha256').update(text).digest('hex').slice(0, 16);
  return { text, path: `/checkout-page/page.${hash}.js` };
}
