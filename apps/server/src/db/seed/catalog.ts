// Settings, catalogue and promotions every install starts with. Runs on every start: rows are written
// only when their fixed id (or settings key) is absent, so edits made later are never undone.
import type { Db } from '../client.ts';
import { giftCards, products, promotions } from '../schema.ts';
import { STARTER_GIFT_CARDS, STARTER_PRODUCTS } from '../../modules/catalog/index.ts';
import { STARTER_PROMOTIONS } from '../../modules/promotions/index.ts';
import { seedStoreSettings } from '../../modules/settings/index.ts';

export async function seedCatalog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await seedStoreSettings(tx);
    await tx.insert(products).values(STARTER_PRODUCTS).onConflictDoNothing({ target: products.id });
    await tx.insert(giftCards).values(STARTER_GIFT_CARDS).onConflictDoNothing({ target: giftCards.id });
    await tx.insert(promotions).values(STARTER_PROMOTIONS).onConflictDoNothing({ target: promotions.id });
  });
}
