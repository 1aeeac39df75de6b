import type { HydrationState } from 'react-router';

// A page rendered on the server carries the state it was rendered with, so the browser's first render
// (hydration) shows exactly the same: the API cache (RTK Query) and the router's loader results.
// It travels as a JSON data block, which the page's CSP does not treat as a script (no inline script).

export const PAGE_STATE_ID = 'page-state';

export interface PageState {
  api: unknown;
  router: HydrationState;
}

// JSON may hold '</script>' or '<!--' inside a string; escaped, nothing in it can end the block or open
// markup, and U+2028/U+2029 are escaped for old parsers. JSON.parse reads the escapes back unchanged.
const UNSAFE = /[<>&\u2028\u2029]/g;
const ESCAPES: Record<string, string> = { '<': '\\u003c', '>': '\\u003e', '&': '\\u0026', '\u2028': '\\u2028', '\u2029': '\\u2029' };

/** The `<script type="application/json">` block that carries `state` in the page. */
export function pageStateScript(state: PageState): string {
  const json = JSON.stringify(state).replace(UNSAFE, (char) => ESCAPES[char]!);
  return `<script type="application/json" id="${PAGE_STATE_ID}">${json}</script>`;
}

/** The state a server-rendered page carries, or null for a page rendered in the browser (no block, or unreadable). */
export function readPageState(doc: Document): PageState | null {
  const text = doc.getElementById(PAGE_STATE_ID)?.textContent;
  if (!text) return null;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return null;
  }
}
