// The shopper's open tabs hear about their verification record: an outbox row written in the transaction
// that changed it, delivered by this module's background work, so a crash right after the commit still
// tells them (on restart), and the event is stored for tabs that are offline (plugins/live.ts).
import { OUTBOX_TOPICS, type LiveNotice, type TopicPayload } from '@store/shared';
import { enqueue, handleTopic } from '../../background/topics.ts';
import type { BackgroundWork } from '../../background/work.ts';
import type { Db, Tx } from '../../db/client.ts';
import type { Live } from '../../plugins/live.ts';
import { findRecord } from './repository.ts';

export type KycNotice = LiveNotice;

/** Inside the caller's transaction: once it commits, the shopper's tabs get the record (and the notice). */
export async function announceVerificationChange(tx: Tx, userId: string, notice?: KycNotice): Promise<void> {
  await enqueue(tx, OUTBOX_TOPICS.verification, notice ? { userId, notice } : { userId });
}

/** Sends the record as it is when the row is delivered, so a late or repeated row still tells the truth. */
async function pushVerification(
  deps: { db: Db; live: Live },
  { userId, notice }: TopicPayload<typeof OUTBOX_TOPICS.verification>,
): Promise<void> {
  const jumio = (await findRecord(deps.db, userId)) ?? { attempts: null, decision: null, status: null };
  deps.live.emitToUser(userId, 'verificationUpdated', { jumio });
  if (notice) deps.live.emitToUser(userId, 'notification', notice);
}

export function kycBackground(deps: { db: Db; live: Live }): BackgroundWork {
  return { topics: [handleTopic(OUTBOX_TOPICS.verification, (payload) => pushVerification(deps, payload))] };
}
