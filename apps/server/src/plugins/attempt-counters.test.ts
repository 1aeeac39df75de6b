// The counters behind the card-attempt limits: windows that end, memory that stays bounded, and a
// Redis that is down never failing (or holding up) the request that counts.
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryCounters, REDIS_OPTIONS, redisCounters } from './attempt-counters.ts';

const WINDOW = 60_000;

describe('memory counters', () => {
  it('add weights per key within a window, then start again from zero', async () => {
    let now = 1_000_000;
    const counters = memoryCounters(() => now);
    expect(await counters.add(['a', 'b'], 1, WINDOW)).toEqual([
      { count: 1, resetInMs: WINDOW },
      { count: 1, resetInMs: WINDOW },
    ]);
    now += 10_000;
    expect(await counters.add(['a'], 3, WINDOW)).toEqual([{ count: 4, resetInMs: WINDOW - 10_000 }]);
    now += WINDOW;
    expect(await counters.add(['a'], 1, WINDOW)).toEqual([{ count: 1, resetInMs: WINDOW }]);
  });

  it('drop windows that ended, so idle keys do not pile up', async () => {
    let now = 0;
    const counters = memoryCounters(() => now);
    for (let i = 0; i < 500; i++) await counters.add([`ip:${i}`], 1, WINDOW);
    expect(counters.size()).toBe(500);
    now += 2 * WINDOW;
    await counters.add(['fresh'], 1, WINDOW);
    expect(counters.size()).toBe(1);
  });

  it('peek at a window without starting one, and clear it', async () => {
    let now = 0;
    const counters = memoryCounters(() => now);
    expect(await counters.peek('a')).toEqual({ count: 0, resetInMs: 0 });
    expect(counters.size()).toBe(0);
    await counters.add(['a'], 2, WINDOW);
    now += 1_000;
    expect(await counters.peek('a')).toEqual({ count: 2, resetInMs: WINDOW - 1_000 });
    await counters.clear(['a']);
    expect(await counters.peek('a')).toEqual({ count: 0, resetInMs: 0 });
  });
});

describe('redis counters while Redis is unreachable', () => {
  // Nothing listens on port 1: every command fails at once (no offline queue).
  const redis = new Redis('redis://127.0.0.1:1', { ...REDIS_OPTIONS, retryStrategy: () => null });
  redis.on('error', () => {});
  afterAll(() => redis.disconnect());

  it("count in this instance's memory instead of failing the request", async () => {
    const warnings: string[] = [];
    const log = { warn: (_obj: unknown, msg: string) => warnings.push(msg) } as unknown as FastifyBaseLogger;
    const counters = redisCounters(redis, log);
    expect((await counters.add(['shopper:x'], 1, WINDOW))[0]!.count).toBe(1);
    expect((await counters.add(['shopper:x'], 3, WINDOW))[0]!.count).toBe(4);
    expect(warnings[0]).toMatch(/redis unavailable/);
    expect(await counters.peek('shopper:x')).toMatchObject({ count: 4 });
    await counters.clear(['shopper:x']);
    expect(await counters.peek('shopper:x')).toEqual({ count: 0, resetInMs: 0 });
  });
});
