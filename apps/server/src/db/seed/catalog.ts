// Settings, catalogue and promotions every install starts with. Runs on every start: rows are written
// only when their fixed id (or settings key) is absent, so edits made later are never undone.
import type { Db } from '../client.ts';
import { giftCards, products, promotions } from '../schema.ts';
import { STARTER_GIFT_CARDS, STARTER_PRODUCTS } from '../../modules/catalog/starter-catalog.ts';
import { STARTER_PROMOTIONS } from '../../modules/promotions/starter-promotions.ts';
import { insertSettingIfMissing } from '../../modules/settings/repository.ts';
import { STORE_SETTINGS_KEY } from '../../modules/settings/service.ts';
import { STARTER_SETTINGS } from '../../modules/settings/starter-settings.ts';

export async function seedCatalog(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await insertSettingIfMissing(tx, STORE_SETTINGS_KEY, STARTER_SETTINGS);
    await tx.insert(products).values(STARTER_PRODUCTS).onConflictDoNothing({ target: products.id });
    await tx.insert(giftCards).values(STARTER_GIFT_CARDS).onConflictDoNothing({ target: giftCards.id });
    await tx.insert(promotions).values(STARTER_PROMOTIONS).onConflictDoNothing({ target: promotions.id });
  });
}
