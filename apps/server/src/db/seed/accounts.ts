import { eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { kycRecords, users } from '../schema.ts';
import { appendLedgerEntries } from '../../modules/wallet/index.ts';
import { hashPassword } from '../../lib/password.ts';
import { DEMO_ACCOUNTS, type DemoAccount } from './demo-accounts.ts';

const DEMO_USER_ID = '00000000-0000-4000-8000-000000000001';
const DEMO_ADMIN_ID = '00000000-0000-4000-8000-000000000002';

export async function seedDemoAccounts(db: Db): Promise<DemoAccount[]> {
  const [demo, admin] = DEMO_ACCOUNTS as [DemoAccount, DemoAccount];
  const existing = await db.select({ id: users.id }).from(users).where(eq(users.id, DEMO_USER_ID));
  if (existing.length > 0) return DEMO_ACCOUNTS;

  const now = new Date();
  await db.transaction(async (tx) => {
    await tx.insert(users).values([
      {
        id: DEMO_USER_ID,
        email: demo.email,
        passwordHash: await hashPassword(demo.password),
        firstname: demo.firstname,
        lastname: demo.lastname,
        role: 'USER',
        emailVerifiedAt: now,
        adultConfirmedAt: now,
        address: { street: '12 Harbour Lane', city: 'Austin', state: 'TX', zipCode: '73301', country: 'US' },
      },
      {
        id: DEMO_ADMIN_ID,
        email: admin.email,
        passwordHash: await hashPassword(admin.password),
        firstname: admin.firstname,
        lastname: admin.lastname,
        role: 'ADMIN',
        emailVerifiedAt: now,
        adultConfirmedAt: now,
      },
    ]);
    // Opening balances in all three wallets, through the ledger like every other coin movement.
    await appendLedgerEntries(tx, [
      { userId: DEMO_USER_ID, wallet: 'purchasedWallet', amount: 2500, reason: 'demo-opening-balance', reference: 'seed:demo' },
      { userId: DEMO_USER_ID, wallet: 'winWallet', amount: 740, reason: 'demo-opening-balance', reference: 'seed:demo' },
      { userId: DEMO_USER_ID, wallet: 'stackingWallet', amount: 1200, reason: 'demo-opening-balance', reference: 'seed:demo' },
    ]);
    await tx.insert(kycRecords).values({ userId: DEMO_USER_ID, attempts: 1, decision: null, status: 'INITIATED' });
  });
  return DEMO_ACCOUNTS;
}
