// The recorder's two requests (ADR 033): starting a recording (the server issues its id and secret) and
// sending a batch with the secret. Each answer becomes what the recorder does next, so that no answer can
// make it send again and again: a refused batch is dropped, a full or lost recording stops, an address
// over its hourly limit waits as long as the server says, and only a busy or unreachable server is retried
// (at the next send, every few seconds).
import { AUTH_HEADER, NGROK_HEADER, RECORDING_ERROR, RECORDING_SECRET_HEADER, type RecordingStart } from '@store/shared';

export type BatchVerdict =
  /** Stored (or already stored): it leaves the queue. */
  | { kind: 'sent' }
  /** Refused for what it is (malformed, too large): sending it again would not help. */
  | { kind: 'drop' }
  /** The server is busy or away: the batch stays and goes with the next send. */
  | { kind: 'retry' }
  /** The recording holds all it may: nothing more is recorded this browser session. */
  | { kind: 'full' }
  /** The recording is gone or not this browser's: this page stops, the next one starts another. */
  | { kind: 'lost' }
  /** Too much from this address, or too many new recordings: nothing is recorded until then (epoch ms). */
  | { kind: 'hold'; until: number };

/** Seconds to wait on a 429 that names none. */
const DEFAULT_WAIT_S = 60;

const holdFor = (retryAfter: string | null, now: number): BatchVerdict => {
  const seconds = Number(retryAfter);
  return { kind: 'hold', until: now + (Number.isFinite(seconds) && seconds > 0 ? seconds : DEFAULT_WAIT_S) * 1000 };
};

/** What an answer to a batch means for the recorder. */
export function batchVerdict(status: number, code: string | undefined, retryAfter: string | null, now = Date.now()): BatchVerdict {
  if (status >= 200 && status < 300) return { kind: 'sent' };
  if (status === 413) return code === RECORDING_ERROR.full ? { kind: 'full' } : { kind: 'drop' };
  if (status === 400) return { kind: 'drop' };
  if (status === 403 || status === 404) return { kind: 'lost' };
  if (status === 429) return holdFor(retryAfter, now);
  return { kind: 'retry' };
}

const headersWith = (token: string | null, extra: Record<string, string> = {}) => ({
  [NGROK_HEADER]: '1',
  ...(token ? { [AUTH_HEADER]: token } : {}),
  ...extra,
});

async function codeOf(res: Response): Promise<string | undefined> {
  try {
    const body = (await res.json()) as { code?: unknown };
    return typeof body.code === 'string' ? body.code : undefined;
  } catch {
    return undefined;
  }
}

/** A new recording from the server; a hold when it asks to wait; null when it cannot be reached (this page is not recorded). */
export async function requestRecording(token: string | null): Promise<RecordingStart | { holdUntil: number } | null> {
  try {
    const res = await fetch('/api/v1/recordings', { method: 'POST', headers: headersWith(token) });
    if (res.status === 429) {
      const verdict = holdFor(res.headers.get('retry-after'), Date.now()) as { until: number };
      return { holdUntil: verdict.until };
    }
    if (!res.ok) return null;
    // Checked by hand: the recorder's chunk carries no schema library.
    const data = ((await res.json()) as { data?: Partial<RecordingStart> }).data;
    return typeof data?.recordingId === 'string' && typeof data.recordingSecret === 'string'
      ? { recordingId: data.recordingId, recordingSecret: data.recordingSecret }
      : null;
  } catch {
    return null;
  }
}

/** Sends a batch's body to the recording; offline or a network failure is a retry. */
export async function sendBatch(recording: RecordingStart, body: string, token: string | null, keepalive: boolean): Promise<BatchVerdict> {
  try {
    const res = await fetch(`/api/v1/recordings/${encodeURIComponent(recording.recordingId)}/batches`, {
      method: 'POST',
      headers: headersWith(token, { 'content-type': 'application/json', [RECORDING_SECRET_HEADER]: recording.recordingSecret }),
      body,
      keepalive,
    });
    return batchVerdict(res.status, res.ok ? undefined : await codeOf(res), res.headers.get('retry-after'));
  } catch {
    return { kind: 'retry' };
  }
}
