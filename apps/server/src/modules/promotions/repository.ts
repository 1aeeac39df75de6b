import { and, desc, eq, gt, isNull, or } from 'drizzle-orm';
import type { Promotion } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { promotions } from '../../db/schema.ts';

export type PromotionChannel = 'web' | 'app';
export type PromotionKind = 'active' | 'first-purchase';

/**
 * The promotions of a kind on a channel that have not ended at `now` (running or still to start), newest start
 * first: the first of them that has started is the one running (service.ts picks it at the moment it is asked).
 */
export async function listUnendedPromotions(db: Db, channel: PromotionChannel, kind: PromotionKind, now: Date): Promise<Promotion[]> {
  const rows = await db
    .select()
    .from(promotions)
    .where(and(eq(promotions.channel, channel), eq(promotions.kind, kind), or(isNull(promotions.endsAt), gt(promotions.endsAt, now))))
    .orderBy(desc(promotions.startsAt), desc(promotions.createdAt), desc(promotions.id));
  return rows.map((row) => ({
    _id: row.id,
    name: row.name,
    bonusPercentage: row.bonusPercentage,
    bonusType: row.bonusType,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
  }));
}
