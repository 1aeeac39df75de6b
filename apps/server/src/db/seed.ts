// Seeds what every install needs (settings, catalogue, promotions) and, when demo data is on,
// the demo accounts. Idempotent: running it again changes nothing that exists.
import type { Db } from './client.ts';
import { seedCatalog } from './seed/catalog.ts';
import { seedGiftCardCodes } from './seed/gift-card-codes.ts';
import { seedCoupons } from './seed/coupons.ts';
import { seedDemoAccounts } from './seed/accounts.ts';
import type { DemoAccount } from './seed/demo-accounts.ts';
import { seedDemoDistributor } from '../modules/distributors/index.ts';

export interface SeedResult {
  demoAccounts: DemoAccount[];
}

export async function seed(db: Db, opts: { demo: boolean }): Promise<SeedResult> {
  await seedCatalog(db);
  await seedGiftCardCodes(db);
  await seedCoupons(db);
  const demoAccounts = opts.demo ? await seedDemoAccounts(db) : [];
  // The demo game provider's signing key is public (README): demo mode only.
  if (opts.demo) await seedDemoDistributor(db);
  return { demoAccounts };
}
