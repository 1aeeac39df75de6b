// The shopper's open tabs hear about coins that moved: an outbox row written in the transaction that moved
// them, delivered by the wallet module's background work, so a crash right after the commit still tells
// them (on restart), and the event is stored for tabs that are offline (plugins/live.ts).
import type { ServerToClientEvents } from '@store/shared';
import type { BackgroundWork } from '../../background/work.ts';
import type { Db, Tx } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { Live } from '../../plugins/live.ts';
import { getWalletCoins } from './repository.ts';

export const WALLET_LIVE_TOPIC = 'live.wallet';

/** A toast to show with the new balance (§9 toast rules), for a change the shopper did not just make. */
export type WalletNotice = Parameters<ServerToClientEvents['notification']>[0];
const NOTICE_TYPES = new Set<WalletNotice['type']>(['success', 'error', 'warning', 'info']);

/** Inside the caller's transaction: once it commits, the shopper's tabs get the balance (and the notice). */
export async function announceWalletChange(tx: Tx, userId: string, notice?: WalletNotice): Promise<void> {
  await tx.insert(outbox).values({ topic: WALLET_LIVE_TOPIC, payload: notice ? { userId, notice } : { userId } });
}

function parsePayload(payload: unknown): { userId: string; notice: WalletNotice | null } {
  const { userId, notice } = (payload ?? {}) as { userId?: unknown; notice?: Partial<WalletNotice> };
  if (typeof userId !== 'string') throw new Error('outbox payload lacks userId');
  const valid = notice && NOTICE_TYPES.has(notice.type!) && typeof notice.content === 'string';
  return { userId, notice: valid ? { type: notice.type!, content: notice.content! } : null };
}

/** Sends the balances as they are when the row is delivered, so a late or repeated row still tells the truth. */
async function pushWallet(deps: { db: Db; live: Live }, payload: unknown): Promise<void> {
  const { userId, notice } = parsePayload(payload);
  deps.live.emitToUser(userId, 'walletUpdated', { coins: await getWalletCoins(deps.db, userId) });
  if (notice) deps.live.emitToUser(userId, 'notification', notice);
}

export function walletBackground(deps: { db: Db; live: Live }): BackgroundWork {
  return { topics: { [WALLET_LIVE_TOPIC]: { handle: (payload) => pushWallet(deps, payload) } } };
}
