import { GAME_IDENTIFIER } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { seedDistributorKeys } from '../settings/index.ts';

/**
 * The demo game provider: seeded in demo mode only, with a key everyone can read in the README, so a
 * tester can sign a credit by hand. A real install adds its distributors to the settings row itself.
 */
export const DEMO_DISTRIBUTOR = { id: GAME_IDENTIFIER, key: 'demo-distributor-signing-key-not-a-secret' } as const;

export async function seedDemoDistributor(db: Db): Promise<void> {
  await seedDistributorKeys(db, { [DEMO_DISTRIBUTOR.id]: DEMO_DISTRIBUTOR.key });
}
