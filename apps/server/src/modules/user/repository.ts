import { eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { kycRecords, ledgerEntries, users } from '../../db/schema.ts';

const walletSum = (wallet: 'purchasedWallet' | 'winWallet' | 'stackingWallet') =>
  sql<string>`(select coalesce(sum(${ledgerEntries.amount}), 0) from ${ledgerEntries}
    where ${ledgerEntries.userId} = ${users.id} and ${ledgerEntries.wallet} = ${wallet})`;

/**
 * The profile, its verification record and the three wallet balances in one round trip: getuser is
 * called on every page load, and on the embedded database each query costs about a millisecond.
 */
export async function findProfileWithKycAndCoins(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      role: users.role,
      email: users.email,
      firstname: users.firstname,
      lastname: users.lastname,
      image: users.image,
      address: users.address,
      lastIp: users.lastIp,
      kycAttempts: kycRecords.attempts,
      kycDecision: kycRecords.decision,
      kycStatus: kycRecords.status,
      hasKyc: kycRecords.userId,
      purchasedWallet: walletSum('purchasedWallet'),
      winWallet: walletSum('winWallet'),
      stackingWallet: walletSum('stackingWallet'),
    })
    .from(users)
    .leftJoin(kycRecords, eq(kycRecords.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}

/** The shopper's name as their account has it ('' for no such user): what a card provider takes as the holder's. */
export async function findAccountName(db: Db, userId: string): Promise<string> {
  const [row] = await db.select({ firstname: users.firstname, lastname: users.lastname }).from(users).where(eq(users.id, userId)).limit(1);
  return row ? `${row.firstname} ${row.lastname}`.trim() : '';
}

/** The state of the shopper's profile address (null without an address or a state): where they buy from. */
export async function findProfileState(db: Db, userId: string): Promise<string | null> {
  const [row] = await db.select({ address: users.address }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.address?.state || null;
}

/**
 * Puts `state` on the profile address (a profile without an address gets one with only the state and
 * country filled): the demo door's work (routes.ts). One UPDATE, so nothing else on the address is lost.
 */
export async function saveProfileState(db: Db, userId: string, state: string): Promise<void> {
  const empty = JSON.stringify({ street: '', city: '', state: '', zipCode: '', country: 'US' });
  await db
    .update(users)
    .set({ address: sql`jsonb_set(coalesce(${users.address}, ${empty}::jsonb), '{state}', to_jsonb(${state}::text))` })
    .where(eq(users.id, userId));
}
