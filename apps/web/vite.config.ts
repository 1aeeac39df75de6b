import { createRequire } from 'node:module';
import path from 'node:path';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { precompress } from './build/precompress.ts';

// Vendor code in chunks of its own (issue 8, ADR 008): a release that changes one feature changes that
// feature's chunk and the entry, and leaves these cached. Libraries only some pages need stay out of the
// first load: forms (react-hook-form) with the form pages and their validation (zod) when it is needed, the live connection with a signed-in
// shopper (lib/socket.ts), toasts with the first notification (lib/toast.ts).
const vendorChunks = [
  // What every page runs, in one file: React, the router and Redux load together on every page, and
  // brotli shares its dictionary across them (about 2 KB smaller than three files). Upgrading one of
  // them changes this file, which a release of the app's own code never does.
  {
    name: 'framework',
    test: /node_modules[\\/](?:react|react-dom|scheduler|react-router|cookie|set-cookie-parser|@reduxjs[\\/]toolkit|redux|redux-thunk|react-redux|reselect|immer|use-sync-external-store)[\\/]/,
    priority: 30,
  },
  { name: 'forms', test: /node_modules[\\/]react-hook-form[\\/]/, priority: 20 },
  // Apart from the forms: a sign-in or password page loads its schema, and zod, once idle (lib/lazy-resolver.ts).
  { name: 'validation', test: /node_modules[\\/](?:@hookform|zod|@standard-schema)[\\/]/, priority: 20 },
  {
    name: 'live',
    test: /node_modules[\\/](?:socket\.io-client|engine\.io-client|socket\.io-parser|engine\.io-parser|@socket\.io|xmlhttprequest-ssl|debug|ms)[\\/]/,
    priority: 20,
  },
  { name: 'toasts', test: /node_modules[\\/](?:react-toastify|clsx)[\\/]/, priority: 20 },
  { name: 'app', tags: ['$initial' as const], priority: 10 },
];

// React Router's package maps every import to its development build, warnings and their texts included;
// its own Vite plugin swaps in the production build, which a plain Vite app must ask for (0.5 KB brotli
// off every page's first load). Tests and the dev server keep the development build and its warnings.
const reactRouterProduction = path.join(
  path.dirname(createRequire(import.meta.url).resolve('react-router/package.json')),
  'dist/production/index.mjs',
);

// `vite build` builds the browser app into dist/; `vite build --ssr src/entry-server.tsx` (npm run build
// does both) builds the server renderer into dist/server/, which the API server loads by file path.
export default defineConfig(({ isSsrBuild, mode }) => ({
  plugins: [react(), precompress()],
  resolve: mode === 'production' ? { alias: [{ find: /^react-router$/, replacement: reactRouterProduction }] } : {},
  // Vite leaves NODE_ENV to the server at run time in a server build; the renderer is built for the mode.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify(mode === 'production' ? 'production' : 'development') } } : {}),
  server: {
    port: 5173,
    proxy: {
      '/api': 'http://localhost:3000',
      '/mailbox': 'http://localhost:3000',
      // The sandbox's 3-D Secure bank page and its way back (BROWSER_BASE is the dev server's address).
      '/sandbox': 'http://localhost:3000',
      '/assets/products': 'http://localhost:3000',
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  // The server renderer bundles its dependencies: it runs wherever WEB_DIST puts it (no node_modules
  // beside it), with React's production build whatever the server's NODE_ENV, and never imports .ts.
  ssr: { noExternal: true },
  build: isSsrBuild
    ? { outDir: 'dist/server', emptyOutDir: true, copyPublicDir: false }
    : {
        sourcemap: true,
        // Which chunk and stylesheets each screen needs, for the server's render of a page.
        manifest: true,
        // Every browser the store supports preloads modules itself; the polyfill only cost bytes.
        modulePreload: { polyfill: false },
        // One stylesheet for the whole app (about 9 KB brotli): a page's first paint waits for one
        // request instead of two or three (Lighthouse's slow 4G counts each), and a screen opened later
        // never waits for its own stylesheet.
        cssCodeSplit: false,
        rolldownOptions: { output: { codeSplitting: { groups: vendorChunks } } },
      },
}));
