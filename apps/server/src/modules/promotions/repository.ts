import { and, desc, eq, gt, isNull, lte, or } from 'drizzle-orm';
import type { Promotion } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { promotions } from '../../db/schema.ts';

export type PromotionChannel = 'web' | 'app';
export type PromotionKind = 'active' | 'first-purchase';

/** The newest promotion of a kind running at `now` (started, not yet ended) on a channel, if any. */
export async function findRunningPromotion(db: Db, channel: PromotionChannel, kind: PromotionKind, now: Date): Promise<Promotion | null> {
  const rows = await db
    .select()
    .from(promotions)
    .where(
      and(
        eq(promotions.channel, channel),
        eq(promotions.kind, kind),
        lte(promotions.startsAt, now),
        or(isNull(promotions.endsAt), gt(promotions.endsAt, now)),
      ),
    )
    .orderBy(desc(promotions.startsAt), desc(promotions.createdAt), desc(promotions.id))
    .limit(1);
  const row = rows[0];
  if (!row) return null;
  return {
    _id: row.id,
    name: row.name,
    bonusPercentage: row.bonusPercentage,
    bonusType: row.bonusType,
    startsAt: row.startsAt.toISOString(),
    endsAt: row.endsAt ? row.endsAt.toISOString() : null,
  };
}
