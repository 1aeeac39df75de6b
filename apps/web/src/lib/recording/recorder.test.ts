// The recorder against the server's answers (ADR 033): it asks for a recording, sends batches with its
// secret, and when the server says the recording is full, lost or the address must wait, it stops sending
// (no retry storm); only a busy server gets the same batch again, at the next send.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { RECORDING_ERROR, RECORDING_OPT_OUT_EVENT, RECORDING_SECRET_HEADER } from '@store/shared';
import { isHeld, storedRecording } from './session.ts';

type Emit = (event: { type: number; timestamp: number; data: unknown }) => void;
const rrweb = vi.hoisted(() => ({ emit: null as Emit | null, stop: vi.fn() }));
vi.mock('rrweb', () => ({
  record: Object.assign(
    (options: { emit: Emit }) => {
      rrweb.emit = options.emit;
      return rrweb.stop;
    },
    { addCustomEvent: vi.fn() },
  ),
}));

const { startRecorder } = await import('./recorder.ts');

const RECORDING = { recordingId: 'Rec0rding-id_000000000', recordingSecret: 's'.repeat(43) };
const SEND_EVERY_MS = 5_000;

interface Sent {
  url: string;
  secret: string | null;
  body: { sequence: number; events: unknown[] };
}

let batches: Sent[];
let starts: number;
let answers: Response[];

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });

beforeEach(() => {
  vi.useFakeTimers();
  batches = [];
  starts = 0;
  answers = [];
  rrweb.stop.mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      if (url === '/api/v1/recordings') {
        starts += 1;
        return json(201, { success: true, data: RECORDING });
      }
      const headers = new Headers(init.headers);
      batches.push({ url, secret: headers.get(RECORDING_SECRET_HEADER), body: JSON.parse(String(init.body)) });
      return answers.shift() ?? json(200, { success: true, data: { stored: 1 } });
    }),
  );
  sessionStorage.clear();
});

afterEach(() => {
  window.dispatchEvent(new CustomEvent(RECORDING_OPT_OUT_EVENT, { detail: true }));
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const click = (n: number) => rrweb.emit!({ type: 3, timestamp: n, data: { source: 2, x: n } });

async function sendTick() {
  await vi.advanceTimersByTimeAsync(SEND_EVERY_MS);
}

describe('startRecorder', () => {
  it('asks the server for a recording once and sends its batches with the secret, numbered from 0', async () => {
    startRecorder({ getToken: () => null });
    click(1);
    await sendTick();
    click(2);
    await sendTick();
    expect(starts).toBe(1);
    expect(storedRecording()).toEqual(RECORDING);
    expect(batches.map((b) => [b.url, b.secret, b.body.sequence, b.body.events.length])).toEqual([
      [`/api/v1/recordings/${RECORDING.recordingId}/batches`, RECORDING.recordingSecret, 0, 1],
      [`/api/v1/recordings/${RECORDING.recordingId}/batches`, RECORDING.recordingSecret, 1, 1],
    ]);
  });

  it('stops for the rest of the browser session once the recording is full', async () => {
    startRecorder({ getToken: () => null });
    click(1);
    answers.push(json(413, { success: false, code: RECORDING_ERROR.full, message: 'full' }));
    await sendTick();
    expect(batches).toHaveLength(1);
    for (let i = 0; i < 10; i++) {
      click(10 + i);
      await sendTick();
    }
    expect(batches).toHaveLength(1);
    expect(rrweb.stop).toHaveBeenCalled();
    expect(isHeld()).toBe(true);
  });

  it('waits as long as the hourly limit says, sending nothing meanwhile', async () => {
    startRecorder({ getToken: () => null });
    click(1);
    answers.push(json(429, { success: false, code: RECORDING_ERROR.addressLimited, message: 'wait' }, { 'retry-after': '1200' }));
    await sendTick();
    for (let i = 0; i < 10; i++) {
      click(10 + i);
      await sendTick();
    }
    expect(batches).toHaveLength(1);
    expect(isHeld()).toBe(true);
    expect(isHeld(Date.now() + 1_200_001)).toBe(false);
  });

  it('forgets a recording the server no longer has, so the next page starts another', async () => {
    startRecorder({ getToken: () => null });
    click(1);
    answers.push(json(404, { success: false, code: RECORDING_ERROR.notFound, message: 'gone' }));
    await sendTick();
    click(2);
    await sendTick();
    expect(batches).toHaveLength(1);
    expect(storedRecording()).toBeNull();
    expect(isHeld()).toBe(false);
  });

  it('sends the same batch again, once per send, while the server is busy', async () => {
    startRecorder({ getToken: () => null });
    click(1);
    answers.push(json(503, { success: false, code: RECORDING_ERROR.busy, message: 'busy' }, { 'retry-after': '5' }));
    await sendTick();
    click(2);
    await sendTick();
    await sendTick();
    expect(batches.map((b) => [b.body.sequence, b.body.events.length])).toEqual([
      [0, 1],
      [0, 1],
      [1, 1],
    ]);
  });
});
