// Weighted counters over a fixed window (card-attempt limits: modules/payments/card-attempts.ts; the
// per-account sign-in delay: modules/auth/sign-in-throttle.ts).
// In Redis when REDIS_URL is set, so every instance counts together; in memory otherwise.
import fp from 'fastify-plugin';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { AttemptCounters, WindowCount } from '@store/server-kit';

const NOTHING: WindowCount = { count: 0, resetInMs: 0 };

declare module 'fastify' {
  interface FastifyInstance {
    attemptCounters: AttemptCounters;
  }
}

/** Keys kept in memory at most: the oldest windows go first beyond it (expired ones go every sweep). */
const MAX_MEMORY_KEYS = 100_000;
const SWEEP_EVERY_MS = 60_000;

export function memoryCounters(now: () => number = Date.now): AttemptCounters & { size(): number } {
  // Insertion order is window-start order: a key whose window restarts is moved to the end.
  const windows = new Map<string, { count: number; resetAt: number }>();
  let nextSweep = 0;
  function sweep(at: number) {
    if (at < nextSweep && windows.size <= MAX_MEMORY_KEYS) return;
    for (const [key, w] of windows) if (w.resetAt <= at) windows.delete(key);
    for (const key of windows.keys()) {
      if (windows.size <= MAX_MEMORY_KEYS) break;
      windows.delete(key);
    }
    nextSweep = at + SWEEP_EVERY_MS;
  }
  return {
    size: () => windows.size,
    async add(keys, weight, windowMs) {
      const at = now();
      sweep(at);
      return keys.map((key) => {
        let w = windows.get(key);
        if (!w || w.resetAt <= at) {
          windows.delete(key);
          w = { count: 0, resetAt: at + windowMs };
          windows.set(key, w);
        }
        w.count += weight;
        return { count: w.count, resetInMs: w.resetAt - at };
      });
    },
    async peek(key) {
      const at = now();
      const w = windows.get(key);
      return w && w.resetAt > at ? { count: w.count, resetInMs: w.resetAt - at } : NOTHING;
    },
    async clear(keys) {
      for (const key of keys) windows.delete(key);
    },
  };
}

// One round trip for all keys; the window starts with a key's first addition (INCRBY of a missing key
// returns the weight itself), and a key somehow left without expiry gets one.
const ADD_SCRIPT = `
local out = {}
for i, key in ipairs(KEYS) do
  local n = redis.call('INCRBY', key, ARGV[1])
  if n == tonumber(ARGV[1]) then redis.call('PEXPIRE', key, ARGV[2]) end
  local ttl = redis.call('PTTL', key)
  if ttl < 0 then redis.call('PEXPIRE', key, ARGV[2]); ttl = tonumber(ARGV[2]) end
  out[#out + 1] = n
  out[#out + 1] = ttl
end
return out`;

const PEEK_SCRIPT = `
local n = redis.call('GET', KEYS[1])
if not n then return {0, 0} end
return {tonumber(n), redis.call('PTTL', KEYS[1])}`;

/**
 * Redis counters that fall back to this instance's memory while Redis fails: an outage must never stop
 * a payment (fail open), yet card testing stays limited per instance meanwhile rather than not at all.
 */
export function redisCounters(redis: Redis, log: FastifyBaseLogger): AttemptCounters {
  const fallback = memoryCounters();
  const keyOf = (key: string) => `store:attempts:${key}`;
  const unavailable = (err: unknown) =>
    log.warn({ err: err instanceof Error ? err.message : String(err) }, 'attempt counters: redis unavailable, counting in memory');
  return {
    async add(keys, weight, windowMs) {
      try {
        const flat = (await redis.eval(ADD_SCRIPT, keys.length, ...keys.map(keyOf), weight, windowMs)) as number[];
        return keys.map((_, i) => ({ count: Number(flat[2 * i]), resetInMs: Number(flat[2 * i + 1]) }));
      } catch (err) {
        unavailable(err);
        return fallback.add(keys, weight, windowMs);
      }
    },
    async peek(key) {
      try {
        const [count, ttl] = (await redis.eval(PEEK_SCRIPT, 1, keyOf(key))) as number[];
        // A key without expiry (never written so by ADD_SCRIPT) is reported as ending now.
        return Number(count) > 0 ? { count: Number(count), resetInMs: Math.max(0, Number(ttl)) } : NOTHING;
      } catch (err) {
        unavailable(err);
        return fallback.peek(key);
      }
    },
    async clear(keys) {
      await fallback.clear(keys);
      try {
        await redis.del(...keys.map(keyOf));
      } catch (err) {
        unavailable(err);
      }
    },
  };
}

/** Short timeouts, no retries and no queue while disconnected: a payment never waits on Redis. */
export const REDIS_OPTIONS = { connectTimeout: 1000, commandTimeout: 500, maxRetriesPerRequest: 0, enableOfflineQueue: false } as const;

export default fp(
  async (app) => {
    if (!app.config.REDIS_URL) {
      app.decorate('attemptCounters', memoryCounters());
      return;
    }
    const redis = new Redis(app.config.REDIS_URL, REDIS_OPTIONS);
    redis.on('error', (err) => app.log.warn({ err: err.message }, 'attempt-counters redis error'));
    app.addHook('onClose', async () => {
      // quit() waits for a connection that may never come; a client still connecting is just dropped.
      if (redis.status === 'ready') await redis.quit().catch(() => redis.disconnect());
      else redis.disconnect();
    });
    app.decorate('attemptCounters', redisCounters(redis, app.log));
  },
  { name: 'attempt-counters' },
);
