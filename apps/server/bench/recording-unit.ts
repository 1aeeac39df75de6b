// The session-recording unit of `npm run bench` (issue 21): what ten browsers sending their largest batch
// at once cost everyone else. Each worker is a new browser each time (its own address, through the trusted
// proxy header): it starts a recording, sends one maximal batch (a full page snapshot and incremental
// events up to the byte limit) and, while that is in flight, pings /api/ping again and again; the row's
// latency is those pings' (p99 of /api/ping during ten concurrent maximal batches), its rate the batches
// stored per second.
import { randomInt } from 'node:crypto';
import { RECORDING_BATCH_MAX_BYTES, RECORDING_SECRET_HEADER } from '@store/shared';
import type { UnitContext, UnitScenario } from './unit-types.ts';

type Node = { type: number; id: number; tagName?: string; attributes?: Record<string, string>; textContent?: string; childNodes?: Node[] };

/** A page snapshot as rrweb makes one (elements with classes, text nodes), about `bytes` long. */
function pageSnapshot(bytes: number) {
  let id = 1;
  const text = (): Node => ({ type: 3, textContent: `Starter Pouch, 500 coins, $4.99 #${id}`, id: id++ });
  const element = (depth: number): Node => ({
    type: 2,
    tagName: depth % 3 ? 'div' : 'span',
    attributes: { class: `card card-${depth} flex items-center gap-2`, 'data-testid': `node-${id}` },
    childNodes: depth > 0 ? [element(depth - 1), text()] : [text()],
    id: id++,
  });
  const body: Node[] = [];
  const event = {
    type: 2,
    timestamp: Date.now(),
    data: { node: { type: 0, id: 0, childNodes: body }, initialOffset: { top: 0, left: 0 } },
  };
  while (JSON.stringify(event).length < bytes) body.push(element(20));
  return event;
}

/** A DOM mutation (rrweb IncrementalSource.Mutation): an attribute change and an added element. */
const mutation = (i: number) => ({
  type: 3,
  timestamp: Date.now() + i,
  data: {
    source: 0,
    texts: [],
    attributes: [{ id: i, attributes: { class: 'btn btn-primary active', style: 'color: red' } }],
    removes: [],
    adds: [{ parentId: 5, nextId: null, node: { type: 2, tagName: 'li', attributes: { class: 'row' }, childNodes: [], id: 10_000 + i } }],
  },
});

/** The largest batch the browser sends: its events as JSON text, a snapshot first, under the byte limit. */
export function maximalEvents(): string[] {
  const budget = RECORDING_BATCH_MAX_BYTES - 8 * 1024;
  const events = [JSON.stringify(pageSnapshot(Math.floor(budget * 0.6)))];
  let bytes = events[0]!.length;
  for (let i = 0; events.length < 1000; i++) {
    const next = JSON.stringify(mutation(i));
    if (bytes + next.length + 1 > budget) break;
    events.push(next);
    bytes += next.length + 1;
  }
  return events;
}

let events: string[] | undefined;

async function pingUntil(ctx: UnitContext, done: { settled: boolean }): Promise<number[]> {
  const latencies: number[] = [];
  while (!done.settled) {
    const t0 = performance.now();
    const res = await fetch(`${ctx.baseUrl}/api/ping`);
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`GET /api/ping → ${res.status}`);
    latencies.push(performance.now() - t0);
  }
  return latencies;
}

/** A browser of its own: an address in 10.0.0.0/8 (the bench server trusts 127.0.0.1 to name it). */
const newAddress = () => `10.${randomInt(256)}.${randomInt(256)}.${randomInt(1, 255)}`;

async function startRecording(ctx: UnitContext, address: string): Promise<{ recordingId: string; recordingSecret: string }> {
  const res = await fetch(`${ctx.baseUrl}/api/v1/recordings`, { method: 'POST', headers: { 'x-forwarded-for': address } });
  const text = await res.text();
  if (res.status !== 201) throw new Error(`POST v1/recordings → ${res.status}: ${text.slice(0, 200)}`);
  return (JSON.parse(text) as { data: { recordingId: string; recordingSecret: string } }).data;
}

async function sendBatch(ctx: UnitContext, address: string, recording: { recordingId: string; recordingSecret: string }): Promise<void> {
  events ??= maximalEvents();
  const body = `{"sequence":0,"events":[${events.join(',')}]}`;
  const res = await fetch(`${ctx.baseUrl}/api/v1/recordings/${recording.recordingId}/batches`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address, [RECORDING_SECRET_HEADER]: recording.recordingSecret },
    body,
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`POST v1/recordings/{id}/batches → ${res.status}: ${text.slice(0, 200)}`);
}

/** One maximal batch, with /api/ping asked back to back while it is in flight: the pings' latencies. */
async function batchWhilePinging(ctx: UnitContext): Promise<number[]> {
  const address = newAddress();
  const recording = await startRecording(ctx, address);
  const done = { settled: false };
  const pings = pingUntil(ctx, done);
  try {
    await sendBatch(ctx, address, recording);
  } finally {
    done.settled = true;
  }
  return pings;
}

export const RECORDING_BATCHES: UnitScenario = {
  name: 'recording batches: ping during 10 concurrent max batches (batches/s, ping p99)',
  run: batchWhilePinging,
};
