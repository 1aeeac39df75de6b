// GEOIP_DATA_DIR (ADR 018): newer geo-IP data in a directory of its own is loaded at start, and a
// directory without the data stops the start. A file of its own: geoip-lite loads once per process, and
// these tests need it not yet loaded.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { COUNTRY_RESTRICTED_MESSAGE } from '@store/shared';
import { buildApp } from '../app.ts';
import { migrateAll } from '../migrations.ts';
import { seed } from '../db/seed.ts';
import { openTestDatabase, testConfig } from '../../test/support/test-app.ts';

const shippedData = path.join(path.dirname(createRequire(import.meta.url).resolve('geoip-lite/package.json')), 'data');
const dirs: string[] = [];
afterAll(() => dirs.forEach((dir) => fs.rmSync(dir, { recursive: true, force: true })));

function tempDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'geoip-data-'));
  dirs.push(dir);
  return dir;
}

async function startWith(dataDir: string) {
  const { database, drop } = await openTestDatabase();
  try {
    await migrateAll(database);
    await seed(database.db, { demo: false });
    const app = await buildApp({ config: testConfig({ GEOIP_DATA_DIR: dataDir, TRUST_PROXY: ['127.0.0.1'] }), database, logger: false });
    await app.ready();
    return { app, close: () => app.close().then(drop) };
  } catch (err) {
    await drop();
    throw err;
  }
}

describe('GEOIP_DATA_DIR', () => {
  it('a directory without geo-IP data stops the start', async () => {
    await expect(startWith(tempDir())).rejects.toThrow(/ENOENT/);
  });

  it("places visitors with the directory's data", async () => {
    // The shipped files, linked into a directory of their own, stand in for a newer download.
    const dir = tempDir();
    for (const file of fs.readdirSync(shippedData)) fs.symlinkSync(path.join(shippedData, file), path.join(dir, file));
    const { app, close } = await startWith(dir);
    try {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/auth/login',
        payload: { email: 'nobody@example.com', password: 'wrong' },
        headers: { 'x-forwarded-for': '152.206.0.1' },
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toBe(COUNTRY_RESTRICTED_MESSAGE);
    } finally {
      await close();
    }
  });

  it('one directory per process: another one stops the start instead of being silently ignored', async () => {
    await expect(startWith(tempDir())).rejects.toThrow(/already loaded/);
  });
});
