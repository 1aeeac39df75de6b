import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { buildTestApp, type TestApp } from '../../../test/support/test-app.ts';
import { giftCards, products, promotions, settings, users } from '../schema.ts';
import { seed } from '../seed.ts';
import { getStoreSettings, saveStoreSettings, STARTER_SETTINGS } from '../../modules/settings/index.ts';
import { STARTER_PRODUCTS } from '../../modules/catalog/index.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

async function rowCounts() {
  const db = t.database.db;
  const count = async (table: typeof products | typeof giftCards | typeof promotions | typeof settings | typeof users) =>
    (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0]!.n;
  return {
    products: await count(products),
    giftCards: await count(giftCards),
    promotions: await count(promotions),
    settings: await count(settings),
    users: await count(users),
  };
}

describe('seed', () => {
  it('starts a store with a full catalogue: 8+ packages (one sold out), 2 gift cards, 3 promotions, settings', async () => {
    const db = t.database.db;
    const all = await db.select().from(products);
    expect(all.length).toBeGreaterThanOrEqual(8);
    expect(all.filter((p) => !p.isAvailable)).toHaveLength(1);
    expect(new Set(all.map((p) => p.bonusType))).toEqual(new Set(['PERCENTAGE', 'COINS', null]));
    expect(await db.select().from(giftCards)).toHaveLength(2);
    const promos = await db.select().from(promotions);
    expect(promos.map((p) => `${p.channel}:${p.kind}`).sort()).toEqual(['app:active', 'web:active', 'web:first-purchase']);
    expect(await getStoreSettings(db)).toEqual(STARTER_SETTINGS);
  });

  it('changes nothing when it runs again (every start runs it)', async () => {
    const before = await rowCounts();
    await seed(t.database.db, { demo: true });
    await seed(t.database.db, { demo: true });
    expect(await rowCounts()).toEqual(before);
  });

  it('keeps later edits to products and settings', async () => {
    const db = t.database.db;
    const id = STARTER_PRODUCTS[0]!.id!;
    await db.update(products).set({ priceCents: 555, isAvailable: false }).where(eq(products.id, id));
    await saveStoreSettings(db, { ...STARTER_SETTINGS, phone: '+1 (512) 555-0199' });
    await seed(db, { demo: false });
    const [row] = await db.select().from(products).where(eq(products.id, id));
    expect(row).toMatchObject({ priceCents: 555, isAvailable: false });
    expect((await getStoreSettings(db)).phone).toBe('+1 (512) 555-0199');
  });
});
