// The rendered-page cache of plugins/web-app: pages kept per URL for their time, then gone, and never
// more URLs than its limit (the oldest go first). On a clock of the test's own, so no test waits.
import { describe, expect, it } from 'vitest';
import { PageBody } from './page-body.ts';
import { PageCache } from './page-cache.ts';

function cacheAt(start: number, options: { ttlMs?: number; maxEntries?: number } = {}) {
  const clock = { now: start };
  const cache = new PageCache({ ttlMs: options.ttlMs ?? 2000, maxEntries: options.maxEntries ?? 10, now: () => clock.now });
  return { cache, clock };
}

describe('page cache', () => {
  it('keeps a page for its time and then lets it go', () => {
    const { cache, clock } = cacheAt(1_000);
    const page = new PageBody('<p>home</p>');
    cache.set('/', page);
    clock.now += 1_999;
    expect(cache.get('/')).toBe(page);
    clock.now += 1;
    expect(cache.get('/')).toBeUndefined();
  });

  it('keeps each URL apart, query included', () => {
    const { cache } = cacheAt(0);
    const first = new PageBody('<p>1</p>');
    cache.set('/products', first);
    expect(cache.get('/products?page=2')).toBeUndefined();
    expect(cache.get('/products')).toBe(first);
  });

  it('holds no more URLs than its limit, dropping the oldest first', () => {
    const { cache } = cacheAt(0, { maxEntries: 2 });
    cache.set('/a', new PageBody('a'));
    cache.set('/b', new PageBody('b'));
    cache.set('/a', new PageBody('a again'));
    cache.set('/c', new PageBody('c'));
    expect(cache.get('/b')).toBeUndefined();
    expect(cache.get('/a')).toBeDefined();
    expect(cache.get('/c')).toBeDefined();
  });
});
