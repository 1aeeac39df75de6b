// The outbox topic 'live.cashout': the cash-out as it is when the row is delivered (so a late or repeated
// row still tells the truth) to the shopper's tabs as cashoutUpdated, with the toast the change carried.
import type { Db } from '../../db/client.ts';
import type { Live } from '../../plugins/live.ts';
import { findCashout, type CashoutNotice } from './repository.ts';
import { cashoutItem } from './view.ts';

const NOTICE_TYPES = new Set(['success', 'error', 'warning', 'info']);

export async function pushCashout(deps: { db: Db; live: Live }, payload: unknown): Promise<void> {
  const { cashoutId, notice } = (payload ?? {}) as { cashoutId?: unknown; notice?: Partial<CashoutNotice> };
  if (typeof cashoutId !== 'string') throw new Error('outbox payload lacks cashoutId');
  const row = await findCashout(deps.db, cashoutId);
  if (!row) throw new Error(`outbox row for a missing cash-out ${cashoutId}`);
  deps.live.emitToUser(row.userId, 'cashoutUpdated', { item: cashoutItem(row) });
  if (notice && NOTICE_TYPES.has(notice.type ?? '') && typeof notice.content === 'string')
    deps.live.emitToUser(row.userId, 'notification', { type: notice.type!, content: notice.content });
}
