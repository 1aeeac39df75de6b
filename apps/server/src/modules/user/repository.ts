import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { kycRecords, users } from '../../db/schema.ts';

/** The profile and its verification record in one round trip. */
export async function findProfileWithKyc(db: Db, userId: string) {
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
    })
    .from(users)
    .leftJoin(kycRecords, eq(kycRecords.userId, users.id))
    .where(eq(users.id, userId));
  return row ?? null;
}
