import { renderToString } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from 'react-router';
import type { Manifest } from 'vite';
import { api, type ApiFetch } from '../lib/api.ts';
import { App } from './App.tsx';
import { pagePlan } from './page-rendering.ts';
import { pageStateScript } from './page-state.ts';
import { createRoutes, NOT_FOUND_ROUTE_ID } from './routes.tsx';
import { BootScreen } from './layout/BootScreen.tsx';
import { makeStore } from './store.ts';

// A guest's view of a public page, rendered on the server (issue 8, ADR 008): the page's HTML carries
// its content before any script runs, and the browser hydrates it into the same app (main.tsx).

export interface PageRendererFiles {
  /** The built index.html: the page around the app, with the entry script and its stylesheet. */
  template: string;
  /** Vite's manifest of the browser build (.vite/manifest.json): each screen's chunk and stylesheets. */
  manifest: Manifest;
}

export interface PageRequest {
  /** Path and query of the page, e.g. '/products?sortOrder=asc'. */
  url: string;
  /** Answers the page's API calls (the server hands in its own routes, answered in-process). */
  fetch: ApiFetch;
}

export interface RenderedPage {
  html: string;
  /** False when the page shows what only this visitor may see: never keep it for another. */
  shareable: boolean;
}

/** The route table for matching only: no loader runs, so no session is ever asked for. */
const routeTable = createRoutes({
  getState: () => {
    throw new Error('isKnownPage matches routes only; it runs no guard');
  },
});

/**
 * Whether a URL (path and query) is one of the app's pages, the dynamic ones (/product-details/:id) and
 * the console's (/admin/*) included: anything only the catch-all matches is answered 404 by the server,
 * with the same not-found page the app shows.
 */
export function isKnownPage(url: string): boolean {
  // The path as the browser's router sees it (location.pathname): a URL parser would read '//x' as a host.
  const matches = matchRoutes(routeTable, url.split(/[?#]/, 1)[0]!);
  return !!matches && matches.at(-1)?.route.id !== NOT_FOUND_ROUTE_ID;
}

/** Renders before the answers of the queries a render started are all in (a query may follow another). */
const MAX_PASSES = 4;

/**
 * A renderer for the built app. A page the browser renders (one that needs a session, or the product page)
 * is the plain page with its chunks preloaded. It answers null for a page it could not render (a guard's
 * redirect, a failed call or route): the server then sends the plain page and the browser renders it, as
 * it would without a server render.
 */
export function createPageRenderer({ template, manifest }: PageRendererFiles) {
  const [head, tail] = splitTemplate(template);
  // The router's first render before a screen is in (routes.tsx, HydrateFallback); React hoists its
  // logo's preload, which goes in the head.
  const bootScreen = splitHoisted(renderToString(<BootScreen />));

  return async function renderPage({ url, fetch }: PageRequest): Promise<RenderedPage | null> {
    const store = makeStore(undefined, { fetch });
    const routes = createRoutes(store);
    const plan = pagePlan(matchRoutes(routes, url) ?? []);
    // A page the browser renders: the app's page with its screens' chunks (and what a signed-in page needs)
    // preloaded, the same for every visitor, showing the boot screen the app renders first, so the visitor
    // sees the store rather than a blank page while the scripts load (React replaces it at its first render).
    if (plan.rendering === 'browser') {
      const boot = tail.replace('<div id="root"></div>', `<div id="root">${bootScreen.body}</div>`);
      return { html: head + bootScreen.hoisted + screenAssets(manifest, plan.modules, template) + '</head>' + boot, shareable: true };
    }

    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(new URL(url, 'http://localhost')));
    if (context instanceof Response || context.errors) return null;
    const router = createStaticRouter(handler.dataRoutes, context);
    const app = <App store={store} router={<StaticRouterProvider router={router} context={context} hydrate={false} />} />;

    // The hooks start their queries while rendering (lib/api.ts): render, wait for the answers, and
    // render again until a pass asks for nothing new; that pass is the page.
    let markup: string | null = null;
    for (let pass = 0; pass < MAX_PASSES && markup === null; pass += 1) {
      const rendered = renderToString(app);
      const running = store.dispatch(api.util.getRunningQueriesThunk());
      if (running.length === 0) markup = rendered;
      else await Promise.all(running);
    }
    if (markup === null) return null;
    const apiState = store.getState()[api.reducerPath];
    if (Object.values(apiState.queries).some((query) => query?.status !== 'fulfilled')) return null;

    const { hoisted, body } = splitHoisted(markup);
    const state = pageStateScript({
      api: { [api.reducerPath]: apiState },
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: null },
    });
    const html =
      withTitle(head, hoisted) +
      screenAssets(manifest, plan.modules, template) +
      '</head>' +
      tail.replace('<div id="root"></div>', `<div id="root">${body}</div>${state}`);
    return { html, shareable: plan.rendering === 'server' };
  };
}

/** The template around `</head>`, so tags can be added to the head. */
function splitTemplate(template: string): [head: string, tail: string] {
  const at = template.indexOf('</head>');
  if (at < 0 || !template.includes('<div id="root"></div>'))
    throw new Error('index.html needs a </head> and an empty <div id="root"></div>');
  return [template.slice(0, at), template.slice(at + '</head>'.length)];
}

/**
 * React puts the elements it hoists to the head (a screen's <title>, <meta>, <link>) first in its
 * output; in the page they belong in the head, where the browser's React finds them again.
 */
function splitHoisted(markup: string): { hoisted: string; body: string } {
  const hoistable = /^(?:<title>[^<]*<\/title>|<meta\b[^>]*\/?>|<link\b[^>]*\/?>)/;
  let hoisted = '';
  let body = markup;
  for (let found = hoistable.exec(body); found; found = hoistable.exec(body)) {
    hoisted += found[0];
    body = body.slice(found[0].length);
  }
  return { hoisted, body };
}

/** The template's head with the screen's title in place of the default one (and anything else hoisted). */
function withTitle(head: string, hoisted: string): string {
  if (!hoisted.includes('<title>')) return head + hoisted;
  return head.replace(/<title>[^<]*<\/title>/, '') + hoisted;
}

/**
 * The chunks and stylesheets of the page's screens, from Vite's manifest, less what the template already
 * loads: the stylesheets so the page is styled at first paint, the chunks so hydration need not wait for
 * the browser to discover them.
 */
function screenAssets(manifest: Manifest, modules: readonly string[], template: string): string {
  const scripts = new Set<string>();
  const styles = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || scripts.has(chunk.file)) return;
    scripts.add(chunk.file);
    chunk.css?.forEach((file) => styles.add(file));
    chunk.imports?.forEach(visit);
  };
  modules.forEach(visit);
  const fresh = (file: string) => !template.includes(`/${file}"`);
  return (
    [...styles]
      .filter(fresh)
      .map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`)
      .join('') +
    [...scripts]
      .filter(fresh)
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('')
  );
}
