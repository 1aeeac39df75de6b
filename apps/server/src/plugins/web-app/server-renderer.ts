import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';

// The web app's server renderer is a build artifact (apps/web `vite build --ssr` → dist/server/), loaded
// here by file path at run time: the server never imports the web app's source (DESIGN §3). This file
// states the little it expects of that bundle.

export interface RenderedPage {
  html: string;
  /** False when the page shows what only this visitor may see: it is never kept for another. */
  shareable: boolean;
}

type ApiFetch = (input: string | URL | Request, init?: RequestInit) => Promise<Response>;
export type RenderPage = (request: { url: string; fetch: ApiFetch }) => Promise<RenderedPage | null>;

/** Whether a URL is one of the app's pages; anything else is answered 404 (with the app's not-found page). */
export type IsKnownPage = (url: string) => boolean;

interface ServerEntry {
  createPageRenderer(files: { template: string; manifest: unknown }): RenderPage;
  /** The app's route table asked; a build without it leaves every page a 200. */
  isKnownPage?: IsKnownPage;
}

export interface ServerRenderer {
  renderPage: RenderPage;
  isKnownPage: IsKnownPage | null;
}

export const SERVER_ENTRY = path.join('server', 'entry-server.js');
const MANIFEST = path.join('.vite', 'manifest.json');

/** The renderer of the built app in `webDist`, or null when the build has none (a browser-only build). */
export async function loadServerRenderer(webDist: string, template: string): Promise<ServerRenderer | null> {
  const entryFile = path.join(webDist, SERVER_ENTRY);
  const manifestFile = path.join(webDist, MANIFEST);
  if (!fs.existsSync(entryFile) || !fs.existsSync(manifestFile)) return null;
  const entry = (await import(pathToFileURL(entryFile).href)) as Partial<ServerEntry>;
  if (typeof entry.createPageRenderer !== 'function') throw new Error(`${entryFile} does not export createPageRenderer`);
  const manifest: unknown = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
  const isKnownPage = typeof entry.isKnownPage === 'function' ? entry.isKnownPage : null;
  return { renderPage: entry.createPageRenderer({ template, manifest }), isKnownPage };
}

/** The visitor's headers an API answer may depend on: who asks (address, proxies, country) and where. */
function visitorHeaders(request: FastifyRequest, countryHeader: string): Record<string, string> {
  const names = [
    'host',
    'user-agent',
    'accept-language',
    'x-forwarded-for',
    'x-forwarded-proto',
    'x-forwarded-host',
    'forwarded',
    'x-real-ip',
    countryHeader,
  ];
  const headers: Record<string, string> = {};
  for (const name of names) {
    const value = request.headers[name.toLowerCase()];
    if (typeof value === 'string') headers[name.toLowerCase()] = value;
    else if (Array.isArray(value)) headers[name.toLowerCase()] = value.join(', ');
  }
  return headers;
}

/**
 * The fetch a page's render uses: each API call answered in-process by the store's own routes
 * (app.inject), with every hook a browser's call meets, and as the visitor: same address, same
 * forwarding and country headers, and never a session (a rendered page is a guest's).
 */
export function inProcessFetch(app: FastifyInstance, request: FastifyRequest): ApiFetch {
  const visitor = visitorHeaders(request, app.config.COUNTRY_HEADER);
  return async (input, init) => {
    const call = new Request(input, init);
    const url = new URL(call.url);
    const headers: Record<string, string> = {};
    call.headers.forEach((value, name) => {
      if (name !== 'x-auth-token' && name !== 'cookie') headers[name] = value;
    });
    const body = call.method === 'GET' || call.method === 'HEAD' ? undefined : Buffer.from(await call.arrayBuffer());
    const answer = await app.inject({
      method: call.method as 'GET',
      url: url.pathname + url.search,
      headers: { ...headers, ...visitor },
      remoteAddress: request.socket.remoteAddress,
      ...(body ? { payload: body } : {}),
    });
    const responseHeaders = new Headers();
    for (const [name, value] of Object.entries(answer.headers)) {
      if (value === undefined) continue;
      for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, String(one));
    }
    const empty = answer.statusCode === 204 || answer.statusCode === 304;
    return new Response(empty ? null : answer.rawPayload, { status: answer.statusCode, headers: responseHeaders });
  };
}
