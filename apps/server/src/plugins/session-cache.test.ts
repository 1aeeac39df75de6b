import { describe, expect, it } from 'vitest';
import { SessionCache, type FoundSession } from './session-cache.ts';

interface User {
  _id: string;
  role: 'USER' | 'ADMIN';
}

/** A cache on a clock the test moves, and a "database" that counts how often it was asked. */
function setup(opts: { ttlMs?: number; maxEntries?: number } = {}) {
  let now = 1_000_000;
  const cache = new SessionCache<User>({ ttlMs: opts.ttlMs ?? 5_000, maxEntries: opts.maxEntries ?? 100, now: () => now });
  const rows = new Map<string, FoundSession<User>>();
  let asked = 0;
  const lookup = (tokenHash: string) =>
    cache.lookup(tokenHash, async () => {
      asked += 1;
      const row = rows.get(tokenHash);
      return row ? { user: { ...row.user }, expiresAt: row.expiresAt } : null;
    });
  return {
    cache,
    rows,
    lookup,
    asked: () => asked,
    advance: (ms: number) => (now += ms),
    live: (tokenHash: string, userId: string, expiresInMs = 3_600_000) =>
      rows.set(tokenHash, { user: { _id: userId, role: 'USER' }, expiresAt: new Date(now + expiresInMs) }),
  };
}

describe('SessionCache', () => {
  it('answers a live session from memory until its limit, then asks again', async () => {
    const s = setup();
    s.live('t1', 'u1');
    expect(await s.lookup('t1')).toEqual({ _id: 'u1', role: 'USER' });
    s.advance(4_999);
    expect(await s.lookup('t1')).toEqual({ _id: 'u1', role: 'USER' });
    expect(s.asked()).toBe(1);
    // Revoked behind the app's back (no end announced): honoured once the limit has passed.
    s.rows.delete('t1');
    s.advance(1);
    expect(await s.lookup('t1')).toBeNull();
    expect(s.asked()).toBe(2);
  });

  it('never answers for a session past its own expiry', async () => {
    const s = setup();
    s.live('t1', 'u1', 2_000);
    expect(await s.lookup('t1')).not.toBeNull();
    s.advance(2_000);
    s.rows.delete('t1');
    expect(await s.lookup('t1')).toBeNull();
    expect(s.asked()).toBe(2);
  });

  it('does not keep unknown tokens: each is asked about', async () => {
    const s = setup();
    expect(await s.lookup('nobody')).toBeNull();
    expect(await s.lookup('nobody')).toBeNull();
    expect(s.asked()).toBe(2);
    expect(s.cache.size).toBe(0);
  });

  it("forgets one session on its end, and every session of a user on the user's end", async () => {
    const s = setup();
    s.live('phone', 'u1');
    s.live('laptop', 'u1');
    s.live('other', 'u2');
    for (const t of ['phone', 'laptop', 'other']) await s.lookup(t);
    expect(s.asked()).toBe(3);

    s.rows.delete('phone');
    s.cache.forget({ tokenHash: 'phone' });
    expect(await s.lookup('phone')).toBeNull();
    expect(await s.lookup('laptop')).not.toBeNull();
    expect(s.asked()).toBe(4);

    s.rows.delete('laptop');
    s.cache.forget({ userId: 'u1' });
    expect(await s.lookup('laptop')).toBeNull();
    expect(await s.lookup('other')).toEqual({ _id: 'u2', role: 'USER' });
    expect(s.asked()).toBe(5);
  });

  it('a lookup in flight while a session ends answers its request but is not kept', async () => {
    const s = setup();
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // The database read the session before the end committed; the end is heard before the read returns.
    const inFlight = s.cache.lookup('t1', async () => {
      await gate;
      return { user: { _id: 'u1', role: 'USER' }, expiresAt: new Date(Date.now() + 3_600_000) };
    });
    s.cache.forget({ tokenHash: 't1' });
    release();
    expect(await inFlight).toEqual({ _id: 'u1', role: 'USER' });
    expect(s.cache.size).toBe(0);
    expect(await s.lookup('t1')).toBeNull();
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const s = setup({ maxEntries: 2 });
    for (const t of ['a', 'b', 'c']) s.live(t, `user-${t}`);
    await s.lookup('a');
    await s.lookup('b');
    await s.lookup('a'); // a is now the most recently used
    await s.lookup('c'); // b goes
    expect(s.cache.size).toBe(2);
    const before = s.asked();
    await s.lookup('a');
    await s.lookup('c');
    expect(s.asked()).toBe(before);
    await s.lookup('b');
    expect(s.asked()).toBe(before + 1);
  });

  it('hands every request the same frozen user, so no handler can change it for the next', async () => {
    const s = setup();
    s.live('t1', 'u1');
    const first = await s.lookup('t1');
    expect(Object.isFrozen(first)).toBe(true);
    expect(await s.lookup('t1')).toBe(first);
  });

  it('a failed lookup is not kept and reaches the caller', async () => {
    const s = setup();
    await expect(s.cache.lookup('t1', async () => Promise.reject(new Error('database away')))).rejects.toThrow('database away');
    s.live('t1', 'u1');
    expect(await s.lookup('t1')).toEqual({ _id: 'u1', role: 'USER' });
  });
});
