import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import type { AdminRecording, AdminRecordingsQuery, RecordingConfig, RecordingSettings, RecordingStart } from '@store/shared';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '@store/server-kit';
import { AppError } from '../../lib/errors.ts';
import type { AttemptCounters } from '@store/server-kit';
import { recordAudit } from '../audit/index.ts';
import { getRecordingSettings, saveRecordingSettings } from '../settings/index.ts';
import { admitAddress, countAddress } from './address-limits.ts';
import type { BatchParser } from './batch-parser.ts';
import { recordingForbidden, recordingFull, recordingNotFound } from './refusals.ts';
import {
  appendBatch,
  deleteEmptyBefore,
  deleteSessionsBefore,
  findRecordingForBatch,
  findSession,
  insertRecording,
  isOptedOut,
  listSessions,
  sessionBatches,
  setOptedOut,
} from './repository.ts';
import type { StorageCap } from './storage-cap.ts';
import type { WriteTurns } from './write-turns.ts';

const DAY_MS = 86_400_000;
/** A recording issued this long ago that never got a batch is deleted (its browser left at once). */
const EMPTY_RECORDING_KEPT_MS = DAY_MS;
const inflate = promisify(gunzip);

/** What a browser or an address may store (config.ts, ADR 033). */
export interface RecordingLimits {
  maxEventsPerRecording: number;
  maxBytesPerRecording: number;
  maxEventsPerAddressPerHour: number;
  maxBytesPerAddressPerHour: number;
  maxTotalBytes: number;
}

export const recordingLimits = (config: Config): RecordingLimits => ({
  maxEventsPerRecording: config.RECORDING_MAX_EVENTS_PER_RECORDING,
  maxBytesPerRecording: config.RECORDING_MAX_BYTES_PER_RECORDING,
  maxEventsPerAddressPerHour: config.RECORDING_MAX_EVENTS_PER_ADDRESS_PER_HOUR,
  maxBytesPerAddressPerHour: config.RECORDING_MAX_BYTES_PER_ADDRESS_PER_HOUR,
  maxTotalBytes: config.RECORDING_MAX_TOTAL_BYTES,
});

/** Who a request comes from, as the recordings see them: a guest (null) or a signed-in user with a role. */
export type Recorded = { _id: string; role: 'USER' | 'ADMIN' } | null;

/**
 * What a browser needs to decide whether to record: the settings, and a signed-in shopper's opt-out. An
 * admin's browser is never sampled (issue 24): their sessions show shoppers' data and are not recorded.
 */
export async function recordingConfig(db: Db, user: Recorded): Promise<RecordingConfig> {
  const settings = await getRecordingSettings(db);
  if (user?.role === 'ADMIN') return { ...settings, samplePercent: 0, optedOut: null };
  return { ...settings, optedOut: user ? await isOptedOut(db, user._id) : null };
}

export const RECORDING_NOT_FOR_ADMINS = 'RECORDING_NOT_FOR_ADMINS';

export async function saveOptOut(db: Db, userId: string, optedOut: boolean): Promise<{ optedOut: boolean }> {
  await setOptedOut(db, userId, optedOut);
  return { optedOut };
}

/** A secret is 32 random bytes: a plain hash is enough to keep it unusable from the table. */
const hashSecret = (secret: string) => createHash('sha256').update(secret).digest('hex');

const SECRET = /^[A-Za-z0-9_-]{32,128}$/;

function secretMatches(storedHash: string | null, secret: string | undefined): boolean {
  if (!storedHash || !secret || !SECRET.test(secret)) return false;
  return timingSafeEqual(Buffer.from(hashSecret(secret), 'hex'), Buffer.from(storedHash, 'hex'));
}

/**
 * A new recording for a browser that decided to record (ADR 033): its id, and the secret only that browser
 * will hold (the table keeps its hash). Batches for the id are stored only when they carry the secret.
 */
export async function startRecording(db: Db, from: { user: Recorded; userAgent: string | null }): Promise<RecordingStart> {
  if (from.user?.role === 'ADMIN') throw new AppError(403, RECORDING_NOT_FOR_ADMINS, 'Admin sessions are not recorded.');
  const recordingId = randomBytes(16).toString('base64url');
  const recordingSecret = randomBytes(32).toString('base64url');
  await insertRecording(db, {
    id: recordingId,
    secretHash: hashSecret(recordingSecret),
    userId: from.user?._id ?? null,
    userAgent: from.userAgent?.slice(0, 500) ?? null,
  });
  return { recordingId, recordingSecret };
}

export interface BatchDeps {
  db: Db;
  counters: AttemptCounters;
  parser: BatchParser;
  storage: StorageCap;
  limits: RecordingLimits;
  /** Takes the batch's database write in turn (write-turns.ts). */
  turns: WriteTurns;
}

export interface IncomingBatch {
  recordingId: string;
  /** The secret header, as sent (or absent). */
  secret: string | undefined;
  /** The body's text, not yet parsed. */
  text: string;
  user: Recorded;
  ip: string;
}

/**
 * Stores a batch; answers how many events were stored: 0 for a batch number already stored (a retry) and
 * for a shopper who opted out (the browser stops on its own, but another device may not know yet) and for an
 * admin (whose sessions are not recorded). The
 * cheap refusals come first, before the text is parsed: an unknown recording (404), a missing or wrong
 * secret (403), a full recording (413), an address at its hourly limit (429). Then the text is read on
 * the worker (400 naming the field), counted for the address, and stored within the recording's cap.
 */
export async function receiveBatch(deps: BatchDeps, incoming: IncomingBatch): Promise<{ stored: number }> {
  const { db, limits } = deps;
  const perRecording = { maxEvents: limits.maxEventsPerRecording, maxBytes: limits.maxBytesPerRecording };
  const perAddress = { maxEventsPerHour: limits.maxEventsPerAddressPerHour, maxBytesPerHour: limits.maxBytesPerAddressPerHour };
  const recording = await findRecordingForBatch(db, incoming.recordingId);
  if (!recording) throw recordingNotFound();
  if (!secretMatches(recording.secretHash, incoming.secret)) throw recordingForbidden();
  // An admin's batches (a session that signed in as one after it began) are dropped, as an opted-out shopper's.
  if (incoming.user?.role === 'ADMIN') return { stored: 0 };
  if (incoming.user && (await isOptedOut(db, incoming.user._id))) return { stored: 0 };
  if (recording.eventCount >= perRecording.maxEvents || recording.eventBytes >= perRecording.maxBytes) throw recordingFull(perRecording);
  await admitAddress(deps.counters, incoming.ip, perAddress);

  const outcome = await deps.parser.parse(incoming.text);
  if (!outcome.ok) throw new AppError(400, outcome.refusal.code, outcome.refusal.message, outcome.refusal.field);
  const { batch } = outcome;
  await countAddress(deps.counters, incoming.ip, perAddress, batch);

  const result = await deps.turns(() =>
    appendBatch(db, { recordingId: incoming.recordingId, userId: incoming.user?._id ?? null, batch, ...perRecording }),
  );
  if (result === 'gone') throw recordingNotFound();
  if (result === 'full') throw recordingFull(perRecording);
  if (result === 'duplicate') return { stored: 0 };
  await deps.storage.stored(batch.storedBytes);
  return { stored: batch.eventCount };
}

export const listRecordings = (db: Db, query: AdminRecordingsQuery) => listSessions(db, query);

/**
 * A recorded session and its events for the player: the events as one JSON array text, joined from the
 * batches as stored (decompressed on libuv's thread pool), never parsed here: a long recording is megabytes.
 */
export async function recordingEvents(db: Db, id: string): Promise<{ recording: AdminRecording; eventsJson: string }> {
  const recording = await findSession(db, id);
  if (!recording) throw notFound('No recorded session has this id.');
  const batches = await sessionBatches(db, id);
  const texts = await Promise.all(batches.map(async (b) => (b.gzip ? (await inflate(b.gzip)).toString('utf8') : (b.legacyText ?? '[]'))));
  // Each text is a JSON array: its items, without the brackets, joined into one array.
  const items = texts.map((text) => text.trim().slice(1, -1).trim()).filter((inner) => inner.length > 0);
  return { recording, eventsJson: `[${items.join(',')}]` };
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

/**
 * The retention job: sessions whose last batch is older than the retention setting are deleted, and so are
 * recordings issued a day ago that never got a batch.
 */
export async function deleteExpiredRecordings(db: Db, now = new Date()): Promise<number> {
  const { retentionDays } = await getRecordingSettings(db);
  const expired = await deleteSessionsBefore(db, new Date(now.getTime() - retentionDays * DAY_MS));
  return expired + (await deleteEmptyBefore(db, new Date(now.getTime() - EMPTY_RECORDING_KEPT_MS)));
}
