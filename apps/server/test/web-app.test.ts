// Issue 8, a fast first load: how the server sends the built web app (plugins/web-app). A stand-in build
// with a stand-in server renderer (a plain module with the real one's export) shows what the plugin
// owes any build: pages rendered on the server from in-process API answers as the visitor, kept 2 s per
// URL when shareable, the browser's page otherwise; compression; cache headers; HEAD like GET.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './support/test-app.ts';

const TEMPLATE =
  '<!doctype html><html><head><title>store</title><link rel="icon" type="image/svg+xml" href="/logo.svg" /></head><body><div id="root"></div></body></html>';

// The stand-in renderer: declines /cart (a page for the browser), fails on /boom, and otherwise renders
// what one API call answered it (the settings, or the call named by ?call=), numbering its renders. Its
// route table knows every page but those under /no-such and /boom-gone.
const RENDERER = `
let renders = 0;
export const isKnownPage = (url) => !url.startsWith('/no-such') && !url.startsWith('/boom-gone');
export function createPageRenderer({ template }) {
  return async ({ url, fetch }) => {
    if (url.startsWith('/cart')) return null;
    if (url.startsWith('/boom')) throw new Error('render failed');
    const call = new URL(url, 'http://x').searchParams.get('call') ?? 'v1/settings';
    const res = await fetch('http://localhost/api/' + call, { headers: { 'x-auth-token': 'never-forwarded' } });
    const body = await res.json();
    renders += 1;
    const content = '<h1>' + (body.data?.companyName ?? body.code) + '</h1><p>status ' + res.status + '</p><p>render ' + renders + '</p>';
    return { html: template.replace('<div id="root"></div>', '<div id="root">' + content + '</div>'), shareable: !url.startsWith('/per-visitor') };
  };
}`;

let t: TestApp;
let webDist: string;
beforeAll(async () => {
  webDist = fs.mkdtempSync(path.join(os.tmpdir(), 'web-app-'));
  const write = (file: string, content: string | Buffer) => {
    fs.mkdirSync(path.dirname(path.join(webDist, file)), { recursive: true });
    fs.writeFileSync(path.join(webDist, file), content);
  };
  write('index.html', TEMPLATE);
  write('index.html.br', zlib.brotliCompressSync(TEMPLATE));
  write('assets/app-Ab12Cd34.js', 'console.log("app");'.repeat(50));
  write('assets/app-Ab12Cd34.js.br', zlib.brotliCompressSync('console.log("app");'.repeat(50)));
  write('logo.svg', '<svg xmlns="http://www.w3.org/2000/svg"></svg>');
  write('.vite/manifest.json', '{}');
  write('server/entry-server.js', RENDERER);
  t = await buildTestApp({ WEB_DIST: webDist });
});
afterAll(async () => {
  await t.close();
  fs.rmSync(webDist, { recursive: true, force: true });
});

const get = (url: string, headers: Record<string, string> = {}, remoteAddress?: string) =>
  t.app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });

describe('pages rendered on the server', () => {
  it('carry their content from in-process API answers, revalidated on every visit', async () => {
    const page = await get('/');
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Lucky Dragon Collective</h1>');
    expect(page.body).toContain('status 200');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.vary).toBe('Accept-Encoding');
    expect(page.headers.etag).toMatch(/^"[\w-]+"$/);
    expect((await get('/', { 'if-none-match': page.headers.etag as string })).statusCode).toBe(304);
  });

  it('answer HEAD like GET, for every page', async () => {
    for (const [url, status] of [
      ['/', 200],
      ['/products', 200],
      ['/cart', 200],
      ['/no-such-page', 404],
    ] as const) {
      const full = await get(url);
      const head = await t.app.inject({ method: 'HEAD', url });
      expect(full.statusCode, url).toBe(status);
      expect(head.statusCode, url).toBe(status);
      expect(head.headers['content-length'], url).toBe(full.headers['content-length']);
      expect(head.headers['content-type'], url).toBe(full.headers['content-type']);
      expect(head.body, url).toBe('');
    }
  });

  it('are compressed with brotli or gzip as the browser accepts', async () => {
    const plain = (await get('/about-us')).body;
    const br = await get('/about-us', { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(plain);
    const gz = await get('/about-us', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString()).toBe(plain);
    expect((await get('/about-us', { 'accept-encoding': 'br;q=0, gzip;q=0' })).headers['content-encoding']).toBeUndefined();
  });

  it('are kept for a moment per URL when shareable, and rendered for each visitor otherwise', async () => {
    const first = (await get('/contact')).body;
    expect((await get('/contact')).body).toBe(first);
    expect((await get('/contact?page=2')).body).not.toBe(first);
    const once = (await get('/per-visitor')).body;
    expect((await get('/per-visitor')).body).not.toBe(once);
    // How long a page is kept, and that it then goes, is page-cache.test.ts's, on a clock of its own.
  });

  it('ask the API as the visitor: their address, and never their session', async () => {
    // A demo door answers only this machine (ADR 006): a page asked for from elsewhere gets its 403.
    const remote = await get('/door?call=v1/auth/test-accounts', {}, '203.0.113.9');
    expect(remote.body).toContain('status 403');
    expect((await get('/door-local?call=v1/auth/test-accounts')).body).toContain('status 200');
    const signedIn = await get('/session?call=v1/getuser', { 'x-auth-token': 'anything' });
    expect(signedIn.body).toContain('status 401');
  });

  it("fall back to the browser's page when the renderer declines or fails", async () => {
    for (const url of ['/cart', '/boom']) {
      const page = await get(url);
      expect(page.statusCode, url).toBe(200);
      expect(page.body, url).toBe(TEMPLATE);
      expect(page.headers['cache-control'], url).toBe('no-cache');
    }
    const br = await get('/cart', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(TEMPLATE);
  });
});

describe('an address that is no page of the app', () => {
  it('is a 404 with the page the app renders for it (its "Page not found"), never kept as fresh', async () => {
    const page = await get('/no-such-page?x=1');
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('<h1>Lucky Dragon Collective</h1>');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers.etag).toBeUndefined();
    // Even when the client sends a tag it once had.
    expect((await get('/no-such-page?x=1', { 'if-none-match': '"anything"' })).statusCode).toBe(404);
  });

  it("is a 404 with the browser's page when the renderer declines or fails it", async () => {
    const br = await get('/boom-gone', { 'accept-encoding': 'br' });
    expect(br.statusCode).toBe(404);
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.rawPayload).toString()).toBe(TEMPLATE);
  });

  it('/favicon.ico, which browsers ask for on pages naming no icon, leads to the icon the app names', async () => {
    const res = await get('/favicon.ico');
    expect(res.statusCode).toBe(301);
    expect(res.headers.location).toBe('/logo.svg');
    expect((await get('/logo.svg')).statusCode).toBe(200);
  });

  it('known pages, dynamic ones included, stay 200', async () => {
    for (const url of ['/', '/product-details/abc', '/new-password/abc123', '/admin/users']) {
      expect((await get(url)).statusCode, url).toBe(200);
    }
  });
});

describe('files of the build', () => {
  it('hashed assets are cached for a year as immutable and sent precompressed', async () => {
    const asset = await get('/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['content-encoding']).toBe('br');
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers.vary).toBe('Accept-Encoding');
    expect(zlib.brotliDecompressSync(asset.rawPayload).toString()).toContain('console.log("app")');
    expect((await get('/assets/app-Ab12Cd34.js')).headers['content-encoding']).toBeUndefined();
    expect((await t.app.inject({ method: 'HEAD', url: '/assets/app-Ab12Cd34.js' })).statusCode).toBe(200);
  });

  it('unhashed files are cached for an hour', async () => {
    expect((await get('/logo.svg')).headers['cache-control']).toBe('public, max-age=3600');
  });

  it('a missing asset is a 404, and the renderer and manifest are not served', async () => {
    expect((await get('/assets/app-Old99999.js')).statusCode).toBe(404);
    expect((await get('/assets/app-Ab12Cd34.js.br')).statusCode).toBe(404);
    for (const url of ['/server/entry-server.js', '/.vite/manifest.json']) {
      const res = await get(url);
      expect(res.body, url).not.toContain('createPageRenderer');
      expect(res.body, url).not.toBe('{}');
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
    }
  });

  it('unknown API routes and other methods keep the JSON 404', async () => {
    expect((await get('/api/v1/nothing')).json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
    const post = await t.app.inject({ method: 'POST', url: '/products' });
    expect(post.statusCode).toBe(404);
    expect(post.json()).toMatchObject({ success: false, code: 'NOT_FOUND' });
  });
});
