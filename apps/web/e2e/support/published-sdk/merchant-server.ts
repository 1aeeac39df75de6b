// The merchant page of the published-SDK browser test on an origin of its own (http://127.0.0.1:<free port>):
// its entry (merchant-page.tsx) bundled with esbuild when the test starts, served with a page that mounts it.
import { build } from 'esbuild';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export interface MerchantServer {
  origin: string;
  /** The merchant page for these settings (merchant-page.tsx's MerchantPageConfig). */
  pageUrl(config: object): string;
  stop(): Promise<void>;
}

const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'merchant-page.tsx');

async function bundle(): Promise<string> {
  const result = await build({
    entryPoints: [entry],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: false,
    logLevel: 'silent',
    define: { 'process.env.NODE_ENV': '"production"', global: 'globalThis' },
  });
  return result.outputFiles[0]!.text;
}

const HTML = `<!doctype html><html><head><meta charset="utf-8"><title>Merchant</title></head>
<body><h1>A merchant's shop</h1><div id="root"></div><script src="/merchant.js"></script></body></html>`;

export async function startMerchantServer(): Promise<MerchantServer> {
  const script = await bundle();
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/') {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(HTML);
    } else if (url.pathname === '/merchant.js') {
      res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(script);
    } else if (url.pathname === '/favicon.ico') {
      res.writeHead(204).end();
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pageUrl: (config) => `${origin}/?config=${encodeURIComponent(JSON.stringify(config))}`,
    stop: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
