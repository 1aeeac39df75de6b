// What one address may send in an hour, all its recordings together (ADR 033): events and bytes, counted
// through the attempt counters (in Redis with REDIS_URL, so every instance counts together). A batch is
// admitted before its body is read when the address still has room, and counted once it is read; over a
// limit the answer is 429 with Retry-After, and nothing is stored.
import type { AttemptCounters } from '@store/server-kit';
import { addressLimited } from './refusals.ts';

const HOUR_MS = 3_600_000;

export interface AddressLimits {
  maxEventsPerHour: number;
  maxBytesPerHour: number;
}

const keysOf = (ip: string) => ({ events: `recording-events:${ip}`, bytes: `recording-bytes:${ip}` });

const waitSeconds = (counts: { resetInMs: number }[]) => Math.max(1, Math.ceil(Math.max(...counts.map((c) => c.resetInMs)) / 1000));

/** Before the body is read: an address already at a limit is refused without reading or parsing anything. */
export async function admitAddress(counters: AttemptCounters, ip: string, limits: AddressLimits): Promise<void> {
  const keys = keysOf(ip);
  // Adding nothing reads the counts.
  const [events, bytes] = await counters.add([keys.events, keys.bytes], 0, HOUR_MS);
  const full = [events!.count >= limits.maxEventsPerHour ? events! : null, bytes!.count >= limits.maxBytesPerHour ? bytes! : null];
  const over = full.filter((c) => c !== null);
  if (over.length) throw addressLimited(waitSeconds(over));
}

/** Counts a read batch; 429 when it takes the address past a limit (it is then not stored, but stays counted). */
export async function countAddress(
  counters: AttemptCounters,
  ip: string,
  limits: AddressLimits,
  batch: { eventCount: number; eventBytes: number },
): Promise<void> {
  const keys = keysOf(ip);
  const [[events], [bytes]] = await Promise.all([
    counters.add([keys.events], batch.eventCount, HOUR_MS),
    counters.add([keys.bytes], batch.eventBytes, HOUR_MS),
  ]);
  const over = [events!.count > limits.maxEventsPerHour ? events! : null, bytes!.count > limits.maxBytesPerHour ? bytes! : null].filter(
    (c) => c !== null,
  );
  if (over.length) throw addressLimited(waitSeconds(over));
}
