// Issue 24 ("engines matching what the dependencies declare"): the Node versions the root package.json's
// `engines` admits must each be admitted by every package the lock file installs. A dependency whose declared
// range is narrower is named below with the reason it is let through, and the list may only shrink.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(root, file), 'utf8')) as Record<string, unknown>;

interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
}

/** Packages whose `engines.node` leaves out some of ours, and why they may. */
const NARROWER: Record<string, string> = {
  'geoip-lite':
    'ADR 018: 2.x declares Node 24 and runs, tested, on 20; 1.4.10, the last release declaring less, lacks the occupied regions’ codes.',
  '@img/sharp-win32-ia32': "sharp's optional 32-bit Windows binary declares ^20.9.0 only; it is installed on no other platform.",
};

function narrowerThanOurs(ours: string): string[] {
  const lock = readJson('package-lock.json') as { packages: Record<string, LockedPackage> };
  const found: string[] = [];
  for (const [where, locked] of Object.entries(lock.packages)) {
    if (!where.startsWith('node_modules/') || Array.isArray(locked.engines)) continue;
    const declared = locked.engines?.node;
    if (!declared) continue;
    const name = where.slice(where.lastIndexOf('node_modules/') + 'node_modules/'.length);
    if (!semver.validRange(declared) || !semver.subset(ours, declared)) found.push(name);
  }
  return [...new Set(found)].sort();
}

describe('engines', () => {
  const ours = (readJson('package.json').engines as { node: string }).node;

  it('admits only Node versions every installed package declares, but for the named exceptions', () => {
    expect(semver.validRange(ours)).not.toBeNull();
    expect(narrowerThanOurs(ours)).toEqual(Object.keys(NARROWER).sort());
  });

  it('admits the Node this machine runs', () => {
    expect(semver.satisfies(process.versions.node, ours)).toBe(true);
  });

  it('would catch a wider range: ">=20.19" admits Node 21, which most of the tooling leaves out', () => {
    expect(narrowerThanOurs('>=20.19').length).toBeGreaterThan(Object.keys(NARROWER).length);
  });
});
