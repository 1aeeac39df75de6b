import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../../test/support/test-app.ts';
import type { Database } from '../client.ts';
import { migrateAll } from '../../migrations.ts';
import { seed } from '../seed.ts';
import { giftCardCodes } from '../schema.ts';
import { STARTER_GIFT_CARDS } from '../../modules/catalog/index.ts';
import { newGiftCardCode, SEEDED_CODES_PER_GIFT_CARD, seedGiftCardCodes } from './gift-card-codes.ts';

let database: Database;
let drop: () => Promise<void>;
beforeAll(async () => {
  ({ database, drop } = await openTestDatabase());
  await migrateAll(database);
});
afterAll(() => drop());

const stock = async () =>
  (
    await database.db
      .select({ giftCardId: giftCardCodes.giftCardId, n: sql<string>`count(*)` })
      .from(giftCardCodes)
      .groupBy(giftCardCodes.giftCardId)
  )
    .map((r) => [r.giftCardId, Number(r.n)])
    .sort();

describe('seedGiftCardCodes', () => {
  it('stocks every starter gift card with a handful of codes, and adds nothing when run again', async () => {
    await seed(database.db, { demo: false });
    const expected = STARTER_GIFT_CARDS.map((c) => [c.id, SEEDED_CODES_PER_GIFT_CARD]).sort();
    expect(await stock()).toEqual(expected);
    await seedGiftCardCodes(database.db);
    await seed(database.db, { demo: false });
    expect(await stock()).toEqual(expected);
  });

  it('makes readable codes without look-alike characters', () => {
    const codes = new Set(Array.from({ length: 200 }, () => newGiftCardCode()));
    expect(codes.size).toBe(200);
    for (const code of codes) expect(code).toMatch(/^LDC-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}-[A-HJKMNP-Z2-9]{4}$/);
  });
});
