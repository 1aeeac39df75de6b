// The shopper's open tabs hear about their verification record: an outbox row written in the transaction
// that changed it, delivered by this module's background work, so a crash right after the commit still
// tells them (on restart), and the event is stored for tabs that are offline (plugins/live.ts).
import type { ServerToClientEvents } from '@store/shared';
import type { BackgroundWork } from '../../background/work.ts';
import type { Db, Tx } from '../../db/client.ts';
import { outbox } from '../../db/schema.ts';
import type { Live } from '../../plugins/live.ts';
import { findRecord } from './repository.ts';

export const KYC_LIVE_TOPIC = 'live.kyc';

export type KycNotice = Parameters<ServerToClientEvents['notification']>[0];
const NOTICE_TYPES = new Set<KycNotice['type']>(['success', 'error', 'warning', 'info']);

/** Inside the caller's transaction: once it commits, the shopper's tabs get the record (and the notice). */
export async function announceVerificationChange(tx: Tx, userId: string, notice?: KycNotice): Promise<void> {
  await tx.insert(outbox).values({ topic: KYC_LIVE_TOPIC, payload: notice ? { userId, notice } : { userId } });
}

function parsePayload(payload: unknown): { userId: string; notice: KycNotice | null } {
  const { userId, notice } = (payload ?? {}) as { userId?: unknown; notice?: Partial<KycNotice> };
  if (typeof userId !== 'string') throw new Error('outbox payload lacks userId');
  const valid = notice && NOTICE_TYPES.has(notice.type!) && typeof notice.content === 'string';
  return { userId, notice: valid ? { type: notice.type!, content: notice.content! } : null };
}

/** Sends the record as it is when the row is delivered, so a late or repeated row still tells the truth. */
async function pushVerification(deps: { db: Db; live: Live }, payload: unknown): Promise<void> {
  const { userId, notice } = parsePayload(payload);
  const jumio = (await findRecord(deps.db, userId)) ?? { attempts: null, decision: null, status: null };
  deps.live.emitToUser(userId, 'verificationUpdated', { jumio });
  if (notice) deps.live.emitToUser(userId, 'notification', notice);
}

export function kycBackground(deps: { db: Db; live: Live }): BackgroundWork {
  return { topics: { [KYC_LIVE_TOPIC]: { handle: (payload) => pushVerification(deps, payload) } } };
}
