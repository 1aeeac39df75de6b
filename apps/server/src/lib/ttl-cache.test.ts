import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.ts';

describe('TtlCache', () => {
  it('shares one load between concurrent misses of a key', async () => {
    const cache = new TtlCache<string>(60_000, 10);
    let loads = 0;
    const load = async () => `value ${++loads}`;
    const values = await Promise.all([cache.get('k', load), cache.get('k', load), cache.get('k', load)]);
    expect(values).toEqual(['value 1', 'value 1', 'value 1']);
    expect(loads).toBe(1);
  });

  it('does not keep a failed load', async () => {
    const cache = new TtlCache<string>(60_000, 10);
    await expect(cache.get('k', async () => Promise.reject(new Error('db down')))).rejects.toThrow('db down');
    expect(await cache.get('k', async () => 'fresh')).toBe('fresh');
  });

  it('loads again after the time to live', async () => {
    const cache = new TtlCache<string>(0, 10);
    await cache.get('k', async () => 'old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });

  it('keeps at most maxEntries keys', async () => {
    const cache = new TtlCache<string>(60_000, 2);
    await cache.get('a', async () => 'a1');
    await cache.get('b', async () => 'b1');
    await cache.get('c', async () => 'c1');
    // Full of live entries, so it started over: 'a' is loaded anew.
    expect(await cache.get('a', async () => 'a2')).toBe('a2');
  });

  it('forgets everything on clear', async () => {
    const cache = new TtlCache<string>(60_000, 10);
    await cache.get('k', async () => 'old');
    cache.clear();
    expect(await cache.get('k', async () => 'new')).toBe('new');
  });
});
