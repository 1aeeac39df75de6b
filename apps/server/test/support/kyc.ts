// Identity verification for tests of what needs it (cash-outs): the shopper's verification record set
// as the KYC module leaves a passed one, without going through the verification provider.
import type { Db } from '../../src/db/client.ts';
import { kycRecords } from '../../src/db/schema.ts';

/** Upserts the shopper's kyc_records row: one attempt, decided PASSED (or `decision`), status DONE. */
export async function setVerification(db: Db, userId: string, decision = 'PASSED'): Promise<void> {
  const row = { attempts: 1, decision, status: 'DONE', updatedAt: new Date() };
  await db
    .insert(kycRecords)
    .values({ userId, ...row })
    .onConflictDoUpdate({ target: kycRecords.userId, set: row });
}
