import type { AdminRecordingEvents, AdminRecordingsQuery, RecordingBatch, RecordingConfig, RecordingSettings } from '@store/shared';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../lib/errors.ts';
import { recordAudit } from '../audit/index.ts';
import { getRecordingSettings, saveRecordingSettings } from '../settings/index.ts';
import { deleteSessionsBefore, findSession, insertBatch, isOptedOut, listSessions, sessionEvents, setOptedOut } from './repository.ts';
import { batchFacts } from './session-facts.ts';

const DAY_MS = 86_400_000;

/** What the browser needs to decide whether to record: the settings, and a signed-in shopper's opt-out. */
export async function recordingConfig(db: Db, userId: string | null): Promise<RecordingConfig> {
  const settings = await getRecordingSettings(db);
  return { ...settings, optedOut: userId ? await isOptedOut(db, userId) : null };
}

export async function saveOptOut(db: Db, userId: string, optedOut: boolean): Promise<{ optedOut: boolean }> {
  await setOptedOut(db, userId, optedOut);
  return { optedOut };
}

/**
 * Stores a batch; answers how many events were stored: 0 for a batch number already stored (a retry) and
 * for a shopper who opted out (the browser stops on its own, but another device may not know yet).
 */
export async function storeBatch(
  db: Db,
  batch: RecordingBatch,
  from: { userId: string | null; userAgent: string | null },
): Promise<{ stored: number }> {
  if (from.userId && (await isOptedOut(db, from.userId))) return { stored: 0 };
  const inserted = await db.transaction((tx) =>
    insertBatch(tx, {
      sessionId: batch.sessionId,
      sequence: batch.sequence,
      events: batch.events,
      userId: from.userId,
      chatId: batch.chatId ?? null,
      userAgent: from.userAgent?.slice(0, 500) ?? null,
      facts: batchFacts(batch.events),
    }),
  );
  return { stored: inserted ? batch.events.length : 0 };
}

export const listRecordings = (db: Db, query: AdminRecordingsQuery) => listSessions(db, query);

export async function recordingEvents(db: Db, id: string): Promise<AdminRecordingEvents> {
  const recording = await findSession(db, id);
  if (!recording) throw notFound('No recorded session has this id.');
  return { recording, events: await sessionEvents(db, id) };
}

/** An admin's change of the recording settings, with its audit entry in the same transaction. */
export async function updateRecordingSettings(db: Db, actorId: string, next: RecordingSettings): Promise<RecordingSettings> {
  return db.transaction(async (tx) => {
    const before = await getRecordingSettings(tx);
    await saveRecordingSettings(tx, next);
    await recordAudit(tx, {
      actorId,
      action: 'recordings.settings',
      targetType: 'settings',
      targetId: 'recordings',
      before,
      after: next,
    });
    return next;
  });
}

/** The retention job: sessions whose last batch is older than the retention setting are deleted. */
export async function deleteExpiredRecordings(db: Db, now = new Date()): Promise<number> {
  const { retentionDays } = await getRecordingSettings(db);
  return deleteSessionsBefore(db, new Date(now.getTime() - retentionDays * DAY_MS));
}
