// What a production install has (ADR 043): `npm ci --omit=dev` leaves out the development dependencies, so
// everything the server loads when it starts must be a production dependency. This walks the static imports
// from the server's entry point (TypeScript sources of this repository, the workspace packages included),
// skipping `import type` and dynamic `import()` (the sandbox-only paths load their packages that way), and
// checks each package it reaches.
import { builtinModules } from 'node:module';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../src/config.ts';

interface Manifest {
  name: string;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

const readManifest = (dir: string) => JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as Manifest;

/** The workspace packages by name, with their folder and the entry their `exports` names. */
const workspaces = new Map(
  ['packages/shared', 'packages/checkout-sdk', 'packages/server-kit', 'apps/checkout-host', 'apps/server'].map((dir) => {
    const abs = path.join(repoRoot, dir);
    return [readManifest(abs).name, abs] as const;
  }),
);

/** `import … from 'x'`, `import 'x'`, `export … from 'x'`; not `import type`, `export type`, nor `import('x')`. */
const STATIC_IMPORT = /^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm;
/** `import { type A, type B } from 'x'`: every binding a type, so the compiled file keeps no import. */
const ONLY_TYPES = /^\s*import\s*\{\s*(?:type\s+\w+(?:\s+as\s+\w+)?\s*,?\s*)+\}\s*from/;

function staticSpecifiers(source: string): string[] {
  const found: string[] = [];
  for (const match of source.matchAll(STATIC_IMPORT)) if (!ONLY_TYPES.test(match[0])) found.push(match[1]!);
  return found;
}

const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');

/** A workspace package's file for a specifier (`@store/checkout-sdk/protocol` → its exports entry). */
function workspaceFile(specifier: string): string | undefined {
  const dir = workspaces.get(packageName(specifier));
  if (!dir) return undefined;
  const manifest = JSON.parse(fs.readFileSync(path.join(dir, 'package.json'), 'utf8')) as { exports?: Record<string, unknown> };
  const subpath = '.' + specifier.slice(packageName(specifier).length);
  const target = manifest.exports?.[subpath];
  const file = typeof target === 'string' ? target : (target as Record<string, string> | undefined)?.import;
  if (!file) throw new Error(`${specifier}: no export ${subpath} in ${dir}/package.json`);
  return path.join(dir, file);
}

/** The nearest workspace folder holding a file (whose package.json declares what the file may import). */
function owningWorkspace(file: string): string {
  const owner = [...workspaces.values()].find((dir) => file.startsWith(dir + path.sep));
  if (!owner) throw new Error(`${file} is outside the workspaces`);
  return owner;
}

/** Every package the start reaches, with the file that imports it. */
function productionImports(entry: string): Array<{ pkg: string; from: string; workspace: string }> {
  const seen = new Set<string>();
  const reached: Array<{ pkg: string; from: string; workspace: string }> = [];
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (seen.has(file)) continue;
    seen.add(file);
    for (const specifier of staticSpecifiers(fs.readFileSync(file, 'utf8'))) {
      if (specifier.startsWith('.')) {
        queue.push(path.resolve(path.dirname(file), specifier));
      } else if (specifier.startsWith('node:') || builtinModules.includes(specifier)) {
        continue;
      } else {
        reached.push({ pkg: packageName(specifier), from: path.relative(repoRoot, file), workspace: owningWorkspace(file) });
        const local = workspaceFile(specifier);
        if (local) queue.push(local);
      }
    }
  }
  return reached;
}

const serverDir = path.join(repoRoot, 'apps/server');
const reached = productionImports(path.join(serverDir, 'src/server.ts'));

describe('the production import graph (from apps/server/src/server.ts)', () => {
  it('is walked through the app, its providers and the workspace packages', () => {
    const packages = new Set(reached.map((r) => r.pkg));
    // The walk itself works: it reaches the framework, a real provider's SDK and a workspace package.
    for (const pkg of ['fastify', 'stripe', '@store/shared', '@solana/web3.js']) expect(packages).toContain(pkg);
  });

  it('reaches no sandbox-only or build-only package', () => {
    const devOnly = new Set([
      ...Object.keys(readManifest(serverDir).devDependencies ?? {}),
      ...Object.keys(readManifest(repoRoot).devDependencies ?? {}),
    ]);
    for (const pkg of ['litesvm', '@foundry-rs/anvil', 'solc', 'safecharge']) expect(devOnly).toContain(pkg);
    expect(reached.filter((r) => devOnly.has(r.pkg))).toEqual([]);
  });

  it('reaches only packages its own workspace declares as production dependencies', () => {
    const undeclared = new Set<string>();
    for (const r of reached) {
      const manifest = readManifest(r.workspace);
      if (r.pkg !== manifest.name && !(r.pkg in (manifest.dependencies ?? {})))
        undeclared.add(`${manifest.name} imports ${r.pkg} (${r.from})`);
    }
    expect([...undeclared]).toEqual([]);
  });
});
