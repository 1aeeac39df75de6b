// Where a page is first rendered (issue 8, ADR 008). The server renders a guest's view of the public
// and guest-only pages, so their content is in the HTML before any script runs; pages that need a
// session are rendered in the browser only, since the session token lives in the browser.

/**
 * 'server': one HTML for every guest, which the server may keep for a moment; 'server-per-visitor':
 * rendered for each request (its data depends on who asks); 'browser': never rendered on the server.
 */
export type PageRendering = 'server' | 'server-per-visitor' | 'browser';

/** A route's `handle`: its screen's module (as Vite's manifest names it) and how it is rendered. */
export interface PageHandle {
  module: string | null;
  rendering?: PageRendering;
  /**
   * Other modules its pages need before they show (manifest keys): the HTML preloads them with the
   * screens, so the browser fetches them beside the entry rather than after it has run.
   */
  preload?: readonly string[];
}

/** './home/HomeRoute.tsx' (relative to src/app/) → 'src/app/home/HomeRoute.tsx', the manifest's key. */
export function manifestKey(fileFromApp: string): string {
  return new URL(fileFromApp, 'file:///src/app/').pathname.slice(1);
}

export function pageHandle(fileFromApp: string | null, rendering?: PageRendering, preloadFromApp: readonly string[] = []): PageHandle {
  return { module: fileFromApp ? manifestKey(fileFromApp) : null, rendering, preload: preloadFromApp.map(manifestKey) };
}

function isPageHandle(handle: unknown): handle is PageHandle {
  return typeof handle === 'object' && handle !== null && 'module' in handle;
}

const STRICTNESS: PageRendering[] = ['server', 'server-per-visitor', 'browser'];

/** What the matched routes of a URL ask for: the strictest rendering among them, and their screens' modules. */
export function pagePlan(matches: readonly { route: { handle?: unknown } }[]): { rendering: PageRendering; modules: string[] } {
  let rendering: PageRendering = 'server';
  const modules: string[] = [];
  for (const { route } of matches) {
    if (!isPageHandle(route.handle)) continue;
    if (route.handle.module) modules.push(route.handle.module);
    modules.push(...(route.handle.preload ?? []));
    const asked = route.handle.rendering ?? 'server';
    if (STRICTNESS.indexOf(asked) > STRICTNESS.indexOf(rendering)) rendering = asked;
  }
  return { rendering, modules };
}
