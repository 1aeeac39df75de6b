import type { PageBody } from './page-body.ts';

// Rendering a page costs a few API calls and two React renders. The HTML a guest gets is the same for
// every guest, so it is kept per URL for a moment, like the catalogue listing's answer (2 s): a burst of
// visitors costs one render, and no page is staler than the data behind it already may be.

export interface PageCacheOptions {
  ttlMs: number;
  /** Distinct URLs kept at once; the oldest goes first (a crawler of random URLs cannot grow it). */
  maxEntries: number;
  now?: () => number;
}

export class PageCache {
  private readonly entries = new Map<string, { body: PageBody; expires: number }>();
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get(key: string): PageBody | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires > this.now()) return entry.body;
    this.entries.delete(key);
    return undefined;
  }

  set(key: string, body: PageBody): void {
    this.entries.delete(key);
    this.entries.set(key, { body, expires: this.now() + this.options.ttlMs });
    while (this.entries.size > this.options.maxEntries) this.entries.delete(this.entries.keys().next().value!);
  }
}
