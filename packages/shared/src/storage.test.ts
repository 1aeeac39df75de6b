import { describe, expect, it } from 'vitest';
import { createStorage, type KeyValueStore } from './storage.ts';

function memoryBackend(): KeyValueStore & { raw: Map<string, string> } {
  const raw = new Map<string, string>();
  return {
    raw,
    getItem: (k) => raw.get(k) ?? null,
    setItem: (k, v) => void raw.set(k, v),
    removeItem: (k) => void raw.delete(k),
  };
}

describe('storage helper (SPEC §7 Storage)', () => {
  it('stores strings as they are and other values as JSON', () => {
    const backend = memoryBackend();
    const storage = createStorage(backend);
    storage.set('xAuthToken', 'abc');
    storage.set('user', { _id: 'u1', role: 'USER' });
    storage.set('transactionLimit', 50000);
    expect(backend.raw.get('xAuthToken')).toBe('abc');
    expect(backend.raw.get('user')).toBe('{"_id":"u1","role":"USER"}');
    expect(backend.raw.get('transactionLimit')).toBe('50000');
  });
  it('parses what it can and returns raw strings otherwise', () => {
    const storage = createStorage(memoryBackend());
    storage.set('user', { _id: 'u1' });
    storage.set('xAuthToken', 'not json');
    storage.set('transactionLimit', 50000);
    expect(storage.get('user')).toEqual({ _id: 'u1' });
    expect(storage.get('xAuthToken')).toBe('not json');
    expect(storage.get('transactionLimit')).toBe(50000);
  });
  it("gives '' for a missing key and removes by key", () => {
    const storage = createStorage(memoryBackend());
    expect(storage.get('nothing')).toBe('');
    storage.set('k', 'v');
    storage.remove('k');
    expect(storage.get('k')).toBe('');
  });
});
