// Key-value helper of SPEC §7 "Storage": non-strings are stored as JSON, reads parse when they can
// and give '' for a missing key.

export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

export function createStorage(backend: KeyValueStore) {
  return {
    set(key: string, value: unknown): void {
      backend.setItem(key, typeof value === 'string' ? value : JSON.stringify(value));
    },
    get<T = unknown>(key: string): T | string {
      const raw = backend.getItem(key);
      if (raw === null) return '';
      try {
        return JSON.parse(raw) as T;
      } catch {
        return raw;
      }
    },
    remove(key: string): void {
      backend.removeItem(key);
    },
  };
}

export type Storage = ReturnType<typeof createStorage>;
