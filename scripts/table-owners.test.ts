// The table ownership lint reads (scripts/table-owners.js) stays true: every table of db/schema.ts has an owner
// that exists, and every read of another module's table still listed is one the module's code still makes, so
// the list only shrinks.
import fs from 'node:fs';
import path from 'node:path';
import { is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '../apps/server/src/db/schema.ts';
import { KNOWN_CROSS_READS, TABLE_OWNERS } from './table-owners.js';

const root = path.resolve(import.meta.dirname, '..');
const modulesDir = path.join(root, 'apps/server/src/modules');
const modules = fs
  .readdirSync(modulesDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/** The names a module's production code imports from db/schema.ts. */
function schemaImportsOf(m: string): Set<string> {
  const names = new Set<string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const file = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(file);
      else if (file.endsWith('.ts') && !file.endsWith('.test.ts')) {
        for (const match of fs.readFileSync(file, 'utf8').matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[./]*db\/schema\.ts'/g))
          for (const name of match[1]!.split(',')) names.add(name.replace(/^\s*type\s+/, '').trim());
      }
    }
  };
  walk(path.join(modulesDir, m));
  return names;
}

describe('table ownership (scripts/table-owners.js)', () => {
  it('names an owner, a module or the plumbing, for every table of db/schema.ts', () => {
    const tables = Object.entries(schema)
      .filter(([, value]) => is(value, PgTable))
      .map(([name]) => name);
    expect(tables.filter((table) => !(table in TABLE_OWNERS))).toEqual([]);
    expect(Object.keys(TABLE_OWNERS).filter((table) => !tables.includes(table))).toEqual([]);
    expect(Object.values(TABLE_OWNERS).filter((owner) => owner !== 'plumbing' && !modules.includes(owner))).toEqual([]);
  });

  it("defines each table in its owner's tables.ts (the plumbing's in db/plumbing-tables.ts); db/schema.ts only gathers them", () => {
    const fileOf = (owner: string) =>
      owner === 'plumbing' ? path.join(root, 'apps/server/src/db/plumbing-tables.ts') : path.join(modulesDir, owner, 'tables.ts');
    const defined = (file: string) => [...fs.readFileSync(file, 'utf8').matchAll(/^export const (\w+) = pgTable\(/gm)].map((m) => m[1]);
    const owners = new Set(Object.values(TABLE_OWNERS));
    for (const owner of owners) {
      const expected = Object.entries(TABLE_OWNERS)
        .filter(([, o]) => o === owner)
        .map(([table]) => table);
      expect(defined(fileOf(owner)).sort(), `the tables of ${owner}`).toEqual(expected.sort());
    }
    const gatherer = fs.readFileSync(path.join(root, 'apps/server/src/db/schema.ts'), 'utf8');
    expect(gatherer).not.toMatch(/pgTable\(/);
    for (const owner of owners)
      expect(gatherer, owner).toContain(owner === 'plumbing' ? "'./plumbing-tables.ts'" : `'../modules/${owner}/tables.ts'`);
  });

  it('lists only reads the modules still make, of tables they do not own', () => {
    for (const [m, tables] of Object.entries(KNOWN_CROSS_READS)) {
      const imported = schemaImportsOf(m);
      for (const table of tables) {
        expect(TABLE_OWNERS[table], `${m} reads ${table}`).not.toBe(m);
        expect(imported.has(table), `modules/${m} no longer imports ${table}: take it off KNOWN_CROSS_READS`).toBe(true);
      }
    }
  });
});
