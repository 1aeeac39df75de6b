// This browser session's recording: whether it is sampled (decided once, SPEC §9), its random id and its
// next batch number, kept in sessionStorage so a reload goes on with the same session. And the shopper's
// opt-out, kept in localStorage so it holds on this browser whatever the session.
import { RECORDING_OPT_OUT_EVENT, RECORDING_OPT_OUT_KEY, RECORDING_SESSION_KEY } from '@store/shared';

export interface RecordingEnvironment {
  /** The session token, when a shopper is signed in (the store's own, read when a batch is sent). */
  getToken(): string | null;
}

export interface RecordingSession {
  id: string;
  sampled: boolean;
}

interface StoredSession extends RecordingSession {
  nextSequence: number;
}

function readStored(): StoredSession | null {
  try {
    const raw = window.sessionStorage.getItem(RECORDING_SESSION_KEY);
    const parsed = raw ? (JSON.parse(raw) as Partial<StoredSession>) : null;
    if (parsed && typeof parsed.id === 'string' && typeof parsed.sampled === 'boolean' && Number.isInteger(parsed.nextSequence)) {
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

function randomId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

/** This browser session's decision, made on its first page with the sample percentage the server gave. */
export function decideSession(samplePercent: number, random: () => number = Math.random): RecordingSession {
  const stored = readStored();
  if (stored) return { id: stored.id, sampled: stored.sampled };
  const session = { id: randomId(), sampled: random() * 100 < samplePercent };
  writeStored({ ...session, nextSequence: 0 });
  return session;
}

/** The next batch number of the session (numbers go on across reloads, so none is used twice). */
export function takeSequence(session: RecordingSession): number {
  const stored = readStored() ?? { ...session, nextSequence: 0 };
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
