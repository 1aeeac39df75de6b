import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Plugin } from 'vite';

// Issue 8, ADR 008: the server sends text assets compressed without compressing them per request.
// After the browser build, every text file gets a .br (brotli, best quality) and a .gz (gzip, best)
// beside it; @fastify/static (preCompressed) picks one by the request's Accept-Encoding. Source maps
// are left alone: only developer tools fetch them. A file that compression does not shrink keeps none.

const TEXT = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest)$/;
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

async function* files(dir: string): AsyncGenerator<string> {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else yield full;
  }
}

async function compressFile(file: string): Promise<void> {
  const source = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(source, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: source.length,
      },
    }),
    gzip(source, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  if (br.length < source.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < source.length) await fs.writeFile(`${file}.gz`, gz);
}

/** Vite plugin: precompresses the browser build's text files (not the server bundle, which is never sent). */
export function precompress(): Plugin {
  let outDir = '';
  let skip = true;
  return {
    name: 'store:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      skip = Boolean(config.build.ssr);
    },
    async closeBundle() {
      if (skip) return;
      const work: Promise<void>[] = [];
      for await (const file of files(outDir)) {
        if (TEXT.test(file)) work.push(compressFile(file));
      }
      await Promise.all(work);
    },
  };
}
