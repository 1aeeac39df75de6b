import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { conversionRateResponse, settingsResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { getStoreSettings, saveStoreSettings } from './service.ts';
import { STARTER_SETTINGS } from './starter-settings.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

describe('GET /api/v1/settings', () => {
  it('gives a guest the storefront settings: company, address, contacts, app links, limits', async () => {
    const res = await t.app.inject({ url: '/api/v1/settings' });
    expect(res.statusCode).toBe(200);
    const { data } = settingsResponse.parse(res.json());
    expect(data).toEqual(STARTER_SETTINGS);
    expect(data.companyDescription).toMatch(/sweepstakes/);
    expect(data.addressLines.length).toBeGreaterThanOrEqual(3);
    expect(data.iosAppUrl).toMatch(/^https:\/\/apps\.apple\.com\//);
    expect(data.androidAppUrl).toMatch(/^https:\/\/play\.google\.com\//);
  });
});

describe('GET /api/v1/cart/convertionrate', () => {
  it('gives the coins per dollar as data and the transaction limit in cents, without a token', async () => {
    const res = await t.app.inject({ url: '/api/v1/cart/convertionrate' });
    expect(res.statusCode).toBe(200);
    expect(conversionRateResponse.parse(res.json())).toEqual({ success: true, data: 100, transactionLimit: 50_000 });
  });
});

describe('getStoreSettings', () => {
  it('sees a saved change at once on this instance (the cache is dropped on write)', async () => {
    expect((await getStoreSettings(t.database.db)).coinsPerDollar).toBe(100);
    await saveStoreSettings(t.database.db, { ...STARTER_SETTINGS, coinsPerDollar: 120, transactionLimitCents: 25_000 });
    expect((await getStoreSettings(t.database.db)).coinsPerDollar).toBe(120);
    const res = await t.app.inject({ url: '/api/v1/cart/convertionrate' });
    expect(res.json()).toEqual({ success: true, data: 120, transactionLimit: 25_000 });
    await saveStoreSettings(t.database.db, STARTER_SETTINGS);
  });

  it('refuses to save settings that break the shape', async () => {
    await expect(saveStoreSettings(t.database.db, { ...STARTER_SETTINGS, coinsPerDollar: 1.5 })).rejects.toThrow();
    expect((await getStoreSettings(t.database.db)).coinsPerDollar).toBe(100);
  });
});
