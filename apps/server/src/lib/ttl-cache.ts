/**
 * A small in-memory cache of values computed from the database, keyed by string, each kept for a fixed
 * time (the catalogue's listing, the running promotions: one per database handle). Concurrent misses on
 * one key share one load (no stampede on expiry), a failed load is not kept, and the number of keys is
 * bounded so arbitrary query strings cannot grow memory without limit.
 */
export class TtlCache<V> {
  private readonly entries = new Map<string, { value: Promise<V>; expiresAt: number }>();

  constructor(
    private readonly ttlMs: number,
    private readonly maxEntries: number,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expiresAt > now) return hit.value;
    if (this.entries.size >= this.maxEntries) this.evict(now);
    const value = load();
    this.entries.set(key, { value, expiresAt: now + this.ttlMs });
    value.catch(() => {
      if (this.entries.get(key)?.value === value) this.entries.delete(key);
    });
    return value;
  }

  clear(): void {
    this.entries.clear();
  }

  private evict(now: number): void {
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
    if (this.entries.size >= this.maxEntries) this.entries.clear();
  }
}
