import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { failureEnvelope } from '../../lib/errors.ts';
import { pickEncoding } from './encoding.ts';
import { PageBody } from './page-body.ts';
import { PageCache } from './page-cache.ts';
import { inProcessFetch, loadServerRenderer, type RenderPage } from './server-renderer.ts';

// Serves the built web app on the API's port (issue 8, ADR 008):
// - files of the build, precompressed (.br/.gz made by the build, picked by Accept-Encoding); hashed
//   ones under /assets/ cached for a year as immutable, the few unhashed ones for an hour;
// - every other GET or HEAD outside /api is a page: a guest's view of a public page rendered on the
//   server (its HTML carries the content, kept per URL for 2 s), else the plain index.html for the
//   browser to render (pages that need a session). HTML is revalidated on every visit (no-cache + ETag);
// - an address that is none of the app's pages (the renderer's isKnownPage asks the app's own route
//   table) is answered 404 with the same page, the app's "Page not found" (issue 21).

export interface WebAppOptions {
  /** The web app's build (apps/web/dist): index.html, assets/, and the server renderer in server/. */
  webDist: string;
}

const HASHED_ASSET = 'public, max-age=31536000, immutable';
const UNHASHED_FILE = 'public, max-age=3600';
const PAGE_CACHE_MS = 2000;
const PAGE_CACHE_ENTRIES = 200;
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)(?:\.br|\.gz)?$/;

function isApiPath(url: string): boolean {
  return url.startsWith('/api/') || url === '/api' || url.startsWith('/api?') || url.startsWith('/socket.io');
}

function notFound(request: FastifyRequest, reply: FastifyReply) {
  return reply.status(404).send(failureEnvelope('NOT_FOUND', `No route ${request.method} ${request.url.split('?')[0]}`));
}

/** The icon the page template links (`<link rel="icon" href="...">`), if it names one on this origin. */
function iconOf(template: string): string | null {
  for (const [tag] of template.matchAll(/<link\b[^>]*>/g)) {
    if (!/\brel="(?:shortcut )?icon"/.test(tag)) continue;
    const href = /\bhref="(\/[^"/][^"]*)"/.exec(tag)?.[1];
    if (href) return href;
  }
  return null;
}

function readIfExists(file: string): Buffer | undefined {
  return fs.existsSync(file) ? fs.readFileSync(file) : undefined;
}

/** The client already has this page when one of its If-None-Match tags is the page's (weak or strong). */
function isFresh(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}

async function sendPage(request: FastifyRequest, reply: FastifyReply, body: PageBody, status: 200 | 404) {
  reply.header('cache-control', 'no-cache').header('vary', 'Accept-Encoding');
  // A 404 is sent whole each time: a conditional request is for a resource that exists.
  if (status === 200) reply.header('etag', body.etag);
  if (status === 200 && isFresh(request, body.etag)) return reply.status(304).send();
  reply.status(status);
  const encoding = pickEncoding(request.headers['accept-encoding']);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.type('text/html; charset=utf-8').send(await body.bytes(encoding));
}

async function webApp(app: FastifyInstance, { webDist }: WebAppOptions) {
  const templateFile = path.join(webDist, 'index.html');
  if (!fs.existsSync(templateFile)) {
    app.setNotFoundHandler((request, reply) => {
      if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) return notFound(request, reply);
      return reply.status(404).type('text/plain').send('The web app is not built. Run `npm run build` (npm start does it for you).');
    });
    return;
  }

  const template = fs.readFileSync(templateFile, 'utf8');
  const shell = new PageBody(template, { br: readIfExists(`${templateFile}.br`), gzip: readIfExists(`${templateFile}.gz`) });
  const renderer = await loadServerRenderer(webDist, template).catch((err: unknown) => {
    // A broken renderer must not take the store down: pages are then rendered in the browser, as before.
    app.log.error({ err }, 'the web app server renderer could not be loaded; pages will render in the browser');
    return null;
  });
  const renderPage = renderer?.renderPage ?? null;
  const isKnownPage = renderer?.isKnownPage ?? (() => true);
  if (!renderPage) app.log.debug('no server renderer in the web build; pages render in the browser');

  await app.register(fastifyStatic, {
    root: webDist,
    wildcard: false,
    index: false,
    // reply.sendFile stays with no one: pages are sent by the handler below.
    decorateReply: false,
    preCompressed: true,
    // Our own Cache-Control below, not send's "max-age=0".
    cacheControl: false,
    // The renderer bundle and the compressed twins are not pages' files; index.html is sent as a page.
    globIgnore: ['server/**', '**/*.br', '**/*.gz', 'index.html'],
    setHeaders(res, file) {
      const relative = path.relative(webDist, file).split(path.sep);
      res.setHeader('cache-control', relative[0] === 'assets' ? HASHED_ASSET : UNHASHED_FILE);
      if (COMPRESSIBLE.test(file)) res.setHeader('vary', 'Accept-Encoding');
    },
  });

  // Browsers ask every origin for /favicon.ico when a page names no icon (the sandbox pages, the mailbox):
  // it leads to the icon the app's page names, rather than to a 404 each such page would log.
  const icon = iconOf(template);
  if (icon) {
    app.get('/favicon.ico', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', UNHASHED_FILE).redirect(icon, 301),
    );
  }

  const cache = new PageCache({ ttlMs: PAGE_CACHE_MS, maxEntries: PAGE_CACHE_ENTRIES });
  const rendering = new Map<string, Promise<{ body: PageBody; shareable: boolean } | null>>();

  async function render(renderer: RenderPage, request: FastifyRequest) {
    try {
      const page = await renderer({ url: request.url, fetch: inProcessFetch(app, request) });
      return page ? { body: new PageBody(page.html), shareable: page.shareable } : null;
    } catch (err) {
      request.log.error({ err }, 'page render failed; sent for the browser to render');
      return null;
    }
  }

  /** The rendered page for this request, or null for the browser to render it (from the shell). */
  async function renderedPage(request: FastifyRequest): Promise<PageBody | null> {
    if (!renderPage) return null;
    const key = request.url;
    const cached = cache.get(key);
    if (cached) return cached;
    // Visitors asking for the same URL at once share one render, when its page may be shared.
    const running = rendering.get(key);
    if (running) {
      const shared = await running;
      if (shared?.shareable) return shared.body;
    }
    const mine = render(renderPage, request);
    if (!running) {
      rendering.set(key, mine);
      void mine.finally(() => rendering.delete(key));
    }
    const page = await mine;
    if (page?.shareable) cache.set(key, page.body);
    return page?.body ?? null;
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) return notFound(request, reply);
    // A hashed file that is not there (an old page asking after a new release): a real 404, never a
    // page, so the browser's chunk-failure reload (SPEC §2) can take over.
    if (request.url.startsWith('/assets/')) return reply.status(404).type('text/plain').send('Not found');
    return sendPage(request, reply, (await renderedPage(request)) ?? shell, isKnownPage(request.url) ? 200 : 404);
  });
}

export default fp(webApp, { name: 'web-app' });
