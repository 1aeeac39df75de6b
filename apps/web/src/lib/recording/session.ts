// This browser session's recording, kept in sessionStorage so a reload goes on with it: whether the session
// is sampled (decided once, SPEC §9), the recording the server issued (its id and the secret only this
// browser holds, ADR 033), the next batch number, and until when the server asked it to hold off (a full
// recording: for the rest of the session; an address over its hourly limit: until Retry-After). And the
// shopper's opt-out, kept in localStorage so it holds on this browser whatever the session.
import { RECORDING_OPT_OUT_EVENT, RECORDING_OPT_OUT_KEY, RECORDING_SESSION_KEY, type RecordingStart } from '@store/shared';

export interface RecordingEnvironment {
  /** The session token, when a shopper is signed in (the store's own, read when a batch is sent). */
  getToken(): string | null;
}

export interface RecordingSession {
  sampled: boolean;
}

interface StoredSession extends RecordingSession {
  recording: RecordingStart | null;
  nextSequence: number;
  /** Epoch milliseconds before which nothing is recorded (the server's word); absent: record. */
  holdUntil?: number;
}

/** A hold for the rest of the browser session (the recording is full). */
const FOR_THE_SESSION = Number.MAX_SAFE_INTEGER;

const isRecording = (value: unknown): value is RecordingStart =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as RecordingStart).recordingId === 'string' &&
  typeof (value as RecordingStart).recordingSecret === 'string';

function readStored(): StoredSession | null {
  try {
    const raw = window.sessionStorage.getItem(RECORDING_SESSION_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredSession>) : null;
    if (
      parsed &&
      typeof parsed.sampled === 'boolean' &&
      Number.isInteger(parsed.nextSequence) &&
      (parsed.recording === null || isRecording(parsed.recording)) &&
      (parsed.holdUntil === undefined || typeof parsed.holdUntil === 'number')
    ) {
      return parsed as StoredSession;
    }
  } catch {
    // Storage closed (private mode) or a value that is not ours: decide afresh.
  }
  return null;
}

function writeStored(session: StoredSession): void {
  try {
    window.sessionStorage.setItem(RECORDING_SESSION_KEY, JSON.stringify(session));
  } catch {
    // Without storage the decision lasts as long as the page.
  }
}

const update = (change: Partial<StoredSession>) =>
  writeStored({ sampled: true, recording: null, nextSequence: 0, ...readStored(), ...change });

/** This browser session's decision, made on its first page with the sample percentage the server gave. */
export function decideSession(samplePercent: number, random: () => number = Math.random): RecordingSession {
  const stored = readStored();
  if (stored) return { sampled: stored.sampled };
  const session = { sampled: random() * 100 < samplePercent };
  writeStored({ ...session, recording: null, nextSequence: 0 });
  return session;
}

/** The recording this browser session sends to, once the server issued one. */
export const storedRecording = (): RecordingStart | null => readStored()?.recording ?? null;

/** A recording the server just issued: its batches are numbered from 0. */
export const keepRecording = (recording: RecordingStart) => update({ recording, nextSequence: 0 });

/** The server no longer has the recording (deleted, or not this browser's): the next page starts another. */
export const forgetRecording = () => update({ recording: null, nextSequence: 0 });

/** The server asked to hold off until `until` (epoch ms), or for the rest of the browser session. */
export const holdRecording = (until: number = FOR_THE_SESSION) => update({ holdUntil: until });

/** Whether the server asked this browser session to hold off now. */
export const isHeld = (now: number = Date.now()) => (readStored()?.holdUntil ?? 0) > now;

/** The next batch number of the recording (numbers go on across reloads, so none is used twice). */
export function takeSequence(): number {
  const stored = readStored() ?? { sampled: true, recording: null, nextSequence: 0 };
  writeStored({ ...stored, nextSequence: stored.nextSequence + 1 });
  return stored.nextSequence;
}

export function isOptedOut(): boolean {
  try {
    return window.localStorage.getItem(RECORDING_OPT_OUT_KEY) === '1';
  } catch {
    return false;
  }
}

/** Keeps the choice on this browser and tells a running recorder, which stops and forgets what it held. */
export function setOptedOut(optedOut: boolean): void {
  try {
    if (optedOut) window.localStorage.setItem(RECORDING_OPT_OUT_KEY, '1');
    else window.localStorage.removeItem(RECORDING_OPT_OUT_KEY);
  } catch {
    // Nothing to keep it in: the event below still stops this page's recorder.
  }
  window.dispatchEvent(new CustomEvent(RECORDING_OPT_OUT_EVENT, { detail: optedOut }));
}
