import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { US_REGIONS, US_STATES, whitelistStatesResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper } from '../../../test/support/cart.ts';
import { getPurchaseSettings, savePurchaseSettings } from './service.ts';
import { STARTER_PURCHASE_SETTINGS } from './starter-settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const URL = '/api/v1/admin/whitelist_states/whitelist';
const whitelist = async () => {
  const s = await createShopper(t.database.db, { state: 'TX' });
  const res = await as(t.app, s, { method: 'GET', url: URL });
  expect(res.statusCode, res.body).toBe(200);
  return whitelistStatesResponse.parse(res.json()).data.states;
};

describe('GET /api/v1/admin/whitelist_states/whitelist', () => {
  it('lists every state and DC but Washington and Idaho by default, sorted by Census region, then by name', async () => {
    const states = await whitelist();
    expect(states.map((s) => s.code).sort()).toEqual(
      US_STATES.map((s) => s.code)
        .filter((c) => c !== 'WA' && c !== 'ID')
        .sort(),
    );
    expect(states).toHaveLength(49);
    expect(states.find((s) => s.code === 'TX')).toEqual({ code: 'TX', name: 'Texas', region: 'South' });

    const sorted = [...states].sort(
      (a, b) => US_REGIONS.indexOf(a.region) - US_REGIONS.indexOf(b.region) || a.name.localeCompare(b.name, 'en'),
    );
    expect(states).toEqual(sorted);
    // Northeast first (Connecticut opens it), West last (Wyoming closes it).
    expect(states[0]).toEqual({ code: 'CT', name: 'Connecticut', region: 'Northeast' });
    expect(states.at(-1)).toEqual({ code: 'WY', name: 'Wyoming', region: 'West' });
    expect([...new Set(states.map((s) => s.region))]).toEqual(['Northeast', 'Midwest', 'South', 'West']);
  });

  it('follows the purchase settings at once', async () => {
    await savePurchaseSettings(t.database.db, { ...STARTER_PURCHASE_SETTINGS, whitelistedStates: ['WA', 'TX', 'NY', 'OH', 'CA'] });
    try {
      expect(await whitelist()).toEqual([
        { code: 'NY', name: 'New York', region: 'Northeast' },
        { code: 'OH', name: 'Ohio', region: 'Midwest' },
        { code: 'TX', name: 'Texas', region: 'South' },
        { code: 'CA', name: 'California', region: 'West' },
        { code: 'WA', name: 'Washington', region: 'West' },
      ]);
    } finally {
      await savePurchaseSettings(t.database.db, STARTER_PURCHASE_SETTINGS);
    }
    expect(await whitelist()).toHaveLength(49);
  });

  it('refuses a setting naming something that is not a US state', async () => {
    await expect(savePurchaseSettings(t.database.db, { ...STARTER_PURCHASE_SETTINGS, whitelistedStates: ['XX'] })).rejects.toThrow();
    expect(await getPurchaseSettings(t.database.db)).toEqual(STARTER_PURCHASE_SETTINGS);
  });

  it('answers a guest 401, and is not part of the public settings', async () => {
    const res = await t.app.inject({ method: 'GET', url: URL });
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ success: false });
    const publicSettings = await t.app.inject({ url: '/api/v1/settings' });
    expect(publicSettings.json().data).not.toHaveProperty('whitelistedStates');
  });

  it('is documented in /api/docs', async () => {
    const res = await t.app.inject({ url: '/api/docs/json' });
    const { paths } = res.json() as { paths: Record<string, Record<string, { description?: string }>> };
    expect(paths['/api/v1/admin/whitelist_states/whitelist']?.get?.description).toBeTruthy();
  });
});
