// The shopper's open tabs hear about coins that moved: an outbox row written in the transaction that moved
// them, delivered by the wallet module's background work, so a crash right after the commit still tells
// them (on restart), and the event is stored for tabs that are offline (plugins/live.ts).
import { OUTBOX_TOPICS, type LiveNotice, type TopicPayload } from '@store/shared';
import { enqueue } from '../../background/topics.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Live } from '../../plugins/live.ts';
import { getWalletCoins } from './repository.ts';

/** A toast to show with the new balance (§9 toast rules), for a change the shopper did not just make. */
export type WalletNotice = LiveNotice;

/** Inside the caller's transaction: once it commits, the shopper's tabs get the balance (and the notice). */
export async function announceWalletChange(tx: Tx, userId: string, notice?: WalletNotice): Promise<void> {
  await enqueue(tx, OUTBOX_TOPICS.wallet, notice ? { userId, notice } : { userId });
}

/** Sends the balances as they are when the row is delivered, so a late or repeated row still tells the truth. */
export async function pushWallet(
  deps: { db: Db; live: Live },
  { userId, notice }: TopicPayload<typeof OUTBOX_TOPICS.wallet>,
): Promise<void> {
  deps.live.emitToUser(userId, 'walletUpdated', { coins: await getWalletCoins(deps.db, userId) });
  if (notice) deps.live.emitToUser(userId, 'notification', notice);
}
