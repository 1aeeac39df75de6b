// The admin console's settings page (issue 12, ADR 024): guests and shoppers are refused, every field is
// checked (400 naming it, nothing saved), a save is in the audit log with what changed, the second of two
// racing saves is told (409), and shoppers see a saved change at once.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { adminAuditResponse, adminSettingsResponse, conversionRateResponse, settingsResponse, type AdminSettings } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { as, createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { createAdmin } from '../../../test/support/cashout.ts';
import {
  getCashoutSettings,
  getPurchaseSettings,
  getStoreSettings,
  saveCashoutSettings,
  savePurchaseSettings,
  saveStoreSettings,
} from './service.ts';
import { STARTER_CASHOUT_SETTINGS, STARTER_PURCHASE_SETTINGS, STARTER_SETTINGS } from './starter-settings.ts';

let t: TestApp;
let admin: Shopper;
let shopper: Shopper;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
  admin = await createAdmin(t.database.db);
  shopper = await createShopper(t.database.db);
});
afterAll(() => t.close());
beforeEach(async () => {
  await saveStoreSettings(t.database.db, STARTER_SETTINGS);
  await savePurchaseSettings(t.database.db, STARTER_PURCHASE_SETTINGS);
  await saveCashoutSettings(t.database.db, STARTER_CASHOUT_SETTINGS);
});

const URL = '/api/v1/admin/settings';
async function read(): Promise<AdminSettings> {
  const res = await as(t.app, admin, { method: 'GET', url: URL });
  expect(res.statusCode, res.body).toBe(200);
  return adminSettingsResponse.parse(res.json()).data;
}
const save = (who: Shopper, payload: unknown) => as(t.app, who, { method: 'PUT', url: URL, payload: payload as Record<string, unknown> });
async function settingsAudit() {
  const res = await as(t.app, admin, { method: 'GET', url: '/api/v1/admin/audit?action=settings.update&limit=100' });
  return adminAuditResponse.parse(res.json()).data.entries;
}
const stored = async () => ({
  store: await getStoreSettings(t.database.db),
  purchases: await getPurchaseSettings(t.database.db),
  cashout: await getCashoutSettings(t.database.db),
});

describe('admin settings: who may call', () => {
  it('refuses a guest (401) and a shopper (403), saving nothing', async () => {
    const current = await read();
    const payload = { ...current, store: { ...current.store, coinsPerDollar: 999 } };
    for (const request of [
      { method: 'GET' as const, url: URL },
      { method: 'PUT' as const, url: URL, payload },
    ]) {
      expect((await t.app.inject(request)).statusCode).toBe(401);
      expect((await as(t.app, shopper, request)).statusCode).toBe(403);
    }
    expect((await stored()).store.coinsPerDollar).toBe(100);
  });
});

describe('admin settings: read and save', () => {
  it('reads every setting: store, purchases and cash-out rules, with a version', async () => {
    const current = await read();
    expect(current.store).toEqual(STARTER_SETTINGS);
    expect(current.purchases).toEqual(STARTER_PURCHASE_SETTINGS);
    expect(current.cashout).toEqual(STARTER_CASHOUT_SETTINGS);
    expect(current.version).toMatch(/^\d+\.\d+\.\d+$/);
  });

  it('saves a coin rate the shopper sees at once (convertionrate, settings), and records what changed', async () => {
    const current = await read();
    const res = await save(admin, {
      ...current,
      store: {
        ...current.store,
        coinsPerDollar: 150,
        transactionLimitCents: 30_000,
        companyName: 'Lucky Dragon Ltd',
        iosLatestVersion: '3.0.0',
        taxRatesBps: { TX: 825 },
      },
      purchases: { ...current.purchases, whitelistedStates: ['TX', 'NY'], enabledPaymentMethods: ['card'] },
      cashout: { ...current.cashout, achHoldHours: 24 },
    });
    expect(res.statusCode, res.body).toBe(200);
    const saved = adminSettingsResponse.parse(res.json()).data;
    expect(saved.version).not.toBe(current.version);

    const rate = await t.app.inject({ url: '/api/v1/cart/convertionrate' });
    expect(conversionRateResponse.parse(rate.json())).toEqual({ success: true, data: 150, transactionLimit: 30_000 });
    const publicSettings = settingsResponse.parse((await t.app.inject({ url: '/api/v1/settings' })).json()).data;
    expect(publicSettings).toMatchObject({ companyName: 'Lucky Dragon Ltd', iosLatestVersion: '3.0.0', taxRatesBps: { TX: 825 } });
    const whitelist = await as(t.app, shopper, { method: 'GET', url: '/api/v1/admin/whitelist_states/whitelist' });
    expect(whitelist.json().data.states.map((s: { code: string }) => s.code)).toEqual(['NY', 'TX']);
    expect((await stored()).cashout.achHoldHours).toBe(24);

    const [entry] = await settingsAudit();
    expect(entry).toMatchObject({
      actorId: admin.id,
      targetType: 'settings',
      before: { store: { coinsPerDollar: 100, companyName: STARTER_SETTINGS.companyName }, cashout: { achHoldHours: 72 } },
      after: { store: { coinsPerDollar: 150, companyName: 'Lucky Dragon Ltd' }, cashout: { achHoldHours: 24 } },
    });
    // Only the fields that changed are in the entry.
    expect(Object.keys((entry!.after as { store: object }).store).sort()).toEqual(
      ['coinsPerDollar', 'companyName', 'iosLatestVersion', 'taxRatesBps', 'transactionLimitCents'].sort(),
    );
  });

  it('records nothing when nothing changed (the same states and tax rates in another order)', async () => {
    const before = (await settingsAudit()).length;
    const current = await read();
    const res = await save(admin, {
      ...current,
      store: { ...current.store, taxRatesBps: {} },
      purchases: { ...current.purchases, whitelistedStates: [...current.purchases.whitelistedStates].reverse() },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminSettingsResponse.parse(res.json()).data).toEqual(current);
    expect(await settingsAudit()).toHaveLength(before);
  });

  it('of two admins saving from the same copy, the second gets 409 and its change is not saved', async () => {
    const other = await createAdmin(t.database.db);
    const current = await read();
    const first = await save(admin, { ...current, store: { ...current.store, coinsPerDollar: 111 } });
    expect(first.statusCode, first.body).toBe(200);
    const second = await save(other, { ...current, store: { ...current.store, coinsPerDollar: 222 } });
    expect(second.statusCode).toBe(409);
    expect(second.json()).toMatchObject({ code: 'CONFLICT', field: 'version', message: expect.stringMatching(/Another admin/) });
    expect((await stored()).store.coinsPerDollar).toBe(111);
  });

  it('of two saves racing at once, exactly one wins', async () => {
    const other = await createAdmin(t.database.db);
    const current = await read();
    const results = await Promise.all([
      save(admin, { ...current, store: { ...current.store, coinsPerDollar: 300 } }),
      save(other, { ...current, store: { ...current.store, coinsPerDollar: 400 } }),
    ]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = results[0]!.statusCode === 200 ? 300 : 400;
    expect((await stored()).store.coinsPerDollar).toBe(winner);
  });
});

describe('admin settings: every field is checked, a refused save changes nothing', () => {
  type Edit = (s: AdminSettings) => unknown;
  const bad: [string, Edit, string][] = [
    ['a coin rate of 0', (s) => ({ ...s, store: { ...s.store, coinsPerDollar: 0 } }), 'store.coinsPerDollar'],
    ['a fractional coin rate', (s) => ({ ...s, store: { ...s.store, coinsPerDollar: 1.5 } }), 'store.coinsPerDollar'],
    [
      'a transaction limit in dollars with cents',
      (s) => ({ ...s, store: { ...s.store, transactionLimitCents: 100.5 } }),
      'store.transactionLimitCents',
    ],
    ['a tax rate above 100 %', (s) => ({ ...s, store: { ...s.store, taxRatesBps: { TX: 10_001 } } }), 'store.taxRatesBps.TX'],
    [
      'a tax rate with a fraction of a basis point',
      (s) => ({ ...s, store: { ...s.store, taxRatesBps: { TX: 825.5 } } }),
      'store.taxRatesBps.TX',
    ],
    ['a tax rate for no state', (s) => ({ ...s, store: { ...s.store, taxRatesBps: { XX: 100 } } }), 'store.taxRatesBps.XX'],
    ['a country that is not ISO alpha-2', (s) => ({ ...s, store: { ...s.store, blockedCountries: ['CUB'] } }), 'store.blockedCountries.0'],
    ['an unknown country code', (s) => ({ ...s, store: { ...s.store, blockedCountries: ['ZZ'] } }), 'store.blockedCountries.0'],
    [
      'an app version that is no version',
      (s) => ({ ...s, store: { ...s.store, androidLatestVersion: 'latest' } }),
      'store.androidLatestVersion',
    ],
    ['an app link without https', (s) => ({ ...s, store: { ...s.store, iosAppUrl: 'http://apps.apple.com/x' } }), 'store.iosAppUrl'],
    ['a support e-mail that is none', (s) => ({ ...s, store: { ...s.store, supportEmail: 'support' } }), 'store.supportEmail'],
    ['an empty company name', (s) => ({ ...s, store: { ...s.store, companyName: '' } }), 'store.companyName'],
    [
      'a state that does not exist',
      (s) => ({ ...s, purchases: { ...s.purchases, whitelistedStates: ['ZZ'] } }),
      'purchases.whitelistedStates.0',
    ],
    [
      'an unknown payment method',
      (s) => ({ ...s, purchases: { ...s.purchases, enabledPaymentMethods: ['cheque'] } }),
      'purchases.enabledPaymentMethods.0',
    ],
    [
      'a cash-out maximum below the minimum',
      (s) => ({ ...s, cashout: { ...s.cashout, minCoins: 5_000, maxCoins: 1_000 } }),
      'cashout.maxCoins',
    ],
    ['a negative hold', (s) => ({ ...s, cashout: { ...s.cashout, achHoldHours: -1 } }), 'cashout.achHoldHours'],
    ['an unknown field', (s) => ({ ...s, store: { ...s.store, secret: 1 } }), 'secret'],
  ];
  it.each(bad)('%s: 400 naming the field', async (_, edit, field) => {
    const before = await stored();
    const auditBefore = (await settingsAudit()).length;
    const res = await save(admin, edit(await read()));
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json()).toMatchObject({ success: false, field });
    expect(await stored()).toEqual(before);
    expect(await settingsAudit()).toHaveLength(auditBefore);
  });
});
