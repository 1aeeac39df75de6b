import { afterEach, describe, expect, it } from 'vitest';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openTestDatabase } from '../../test/support/test-app.ts';
import { migrate } from './migrate.ts';

const migrationFiles = fs
  .readdirSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'migrations'))
  .filter((f) => f.endsWith('.sql'))
  .sort();

describe('migrations', () => {
  let drop: (() => Promise<void>) | undefined;
  afterEach(async () => {
    await drop?.();
  });

  it('applies every migration once, in order, and nothing on a second run', async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    expect(await migrate(opened.database)).toEqual(migrationFiles);
    expect(await migrate(opened.database)).toEqual([]);
    const rows = await opened.database.rawTransaction((q) => q.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name'));
    expect(rows.map((r) => r.name)).toEqual(migrationFiles);
  });

  it('is safe when two starts migrate at the same time', async () => {
    const opened = await openTestDatabase();
    drop = opened.drop;
    const [a, b] = await Promise.all([migrate(opened.database), migrate(opened.database)]);
    expect([...a, ...b].sort()).toEqual(migrationFiles);
  });
});
