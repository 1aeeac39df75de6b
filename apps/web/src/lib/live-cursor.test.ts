import { describe, expect, it } from 'vitest';
import type { KeyValueStore } from '@store/shared';
import { createLiveCursor, lastEventIdKey } from './live-cursor.ts';

// The last-id bookkeeping of the live connection (issue 10): what a (re)connect names, what is dropped as
// already seen, and what a reload or another tab of the same browser starts from.
function memoryStore(): KeyValueStore & { raw: Map<string, string> } {
  const raw = new Map<string, string>();
  return { raw, getItem: (k) => raw.get(k) ?? null, setItem: (k, v) => void raw.set(k, v), removeItem: (k) => void raw.delete(k) };
}

describe('live cursor', () => {
  it('names nothing at first, then the last id seen; keeps it in storage under the shopper’s key', () => {
    const store = memoryStore();
    const cursor = createLiveCursor('u1', store);
    expect(cursor.lastEventId()).toBeUndefined();
    cursor.synced(7);
    expect(cursor.lastEventId()).toBe(7);
    expect(cursor.accept(9)).toBe(true);
    expect(cursor.lastEventId()).toBe(9);
    expect(store.raw.get(lastEventIdKey('u1'))).toBe('9');
    expect(lastEventIdKey('u1')).toBe('liveLastEventId:u1');
  });

  it('drops an id already seen or older, once or many times', () => {
    const cursor = createLiveCursor('u1', memoryStore());
    expect([5, 6, 6, 5, 8, 7, 8].map((id) => cursor.accept(id))).toEqual([true, true, false, false, true, false, false]);
    expect(cursor.lastEventId()).toBe(8);
  });

  it('a reload or a new tab starts from the browser’s id; another shopper does not', () => {
    const store = memoryStore();
    createLiveCursor('u1', store).accept(12);
    expect(createLiveCursor('u1', store).lastEventId()).toBe(12);
    expect(createLiveCursor('u2', store).lastEventId()).toBeUndefined();
  });

  it('a tab behind another keeps its own id and never pulls the stored one back', () => {
    const store = memoryStore();
    const tabA = createLiveCursor('u1', store);
    const tabB = createLiveCursor('u1', store);
    tabA.synced(3);
    tabB.synced(3);
    tabA.accept(10);
    // Tab B has not heard 4..10 yet: it reconnects from 3 (and gets them), and does not move storage back.
    expect(tabB.lastEventId()).toBe(3);
    expect(tabB.accept(4)).toBe(true);
    expect(store.raw.get(lastEventIdKey('u1'))).toBe('10');
    // A liveSynced at or behind what the tab saw changes nothing.
    tabA.synced(9);
    expect(tabA.lastEventId()).toBe(10);
  });

  it('ignores a stored value that is not a non-negative integer', () => {
    const store = memoryStore();
    for (const bad of ['abc', '-1', '1.5', '']) {
      store.raw.set(lastEventIdKey('u1'), bad);
      expect(createLiveCursor('u1', store).lastEventId()).toBeUndefined();
    }
  });
});
