// The outbox topic 'live.cashout': the cash-out as it is when the row is delivered (so a late or repeated
// row still tells the truth) to the shopper's tabs as cashoutUpdated, with the toast the change carried.
import type { OUTBOX_TOPICS, TopicPayload } from '@store/shared';
import type { Db } from '../../db/client.ts';
import type { Live } from '../../plugins/live.ts';
import { findCashout } from './repository.ts';
import { cashoutItem } from './view.ts';

export async function pushCashout(
  deps: { db: Db; live: Live },
  { cashoutId, notice }: TopicPayload<typeof OUTBOX_TOPICS.cashout>,
): Promise<void> {
  const row = await findCashout(deps.db, cashoutId);
  if (!row) throw new Error(`outbox row for a missing cash-out ${cashoutId}`);
  deps.live.emitToUser(row.userId, 'cashoutUpdated', { item: cashoutItem(row) });
  if (notice) deps.live.emitToUser(row.userId, 'notification', notice);
}
