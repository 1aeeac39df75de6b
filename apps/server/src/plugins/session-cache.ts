// Live sessions as the auth plugin has just seen them (issue 26, ADR 060). Every signed-in request looked its
// session up in the database: one round trip before any of the route's own work. A session found live is
// now kept here for a few seconds, never past its own expiry, and forgotten as soon as this instance hears
// that it ended (sign-out, password reset or change, an admin's revoke, on this instance or another one:
// the live plugin's session ends, carried through Redis between instances). What no end announces (a row
// revoked by hand, an announcement lost with Redis) is honoured at most SESSION_CACHE_MS late.
import type { SessionEnd } from './live-sessions.ts';

/** How long a session found live is believed without asking the database again. */
export const SESSION_CACHE_MS = 5_000;
/** Past this many sessions, the least recently looked up are dropped (a bound on memory, not a tuning). */
export const SESSION_CACHE_MAX_ENTRIES = 50_000;

/** What a session lookup finds: the session's user, and when the session itself expires. */
export interface FoundSession<U> {
  user: U;
  expiresAt: Date;
}

interface Entry<U> {
  user: U;
  /** This instance's clock: the earlier of the cache's limit and the session's own expiry. */
  until: number;
}

export class SessionCache<U extends { _id: string }> {
  private readonly entries = new Map<string, Entry<U>>();
  /**
   * Counts the ends heard. A lookup that was in flight while a session ended may have read the session
   * before the end was committed; it answers its own request but does not fill the cache.
   */
  private ends = 0;

  constructor(
    private readonly options: { ttlMs: number; maxEntries: number; now: () => number } = {
      ttlMs: SESSION_CACHE_MS,
      maxEntries: SESSION_CACHE_MAX_ENTRIES,
      now: Date.now,
    },
  ) {}

  /** The user of a live session by its token's hash: from the cache, else from `load` (then cached). */
  async lookup(tokenHash: string, load: () => Promise<FoundSession<U> | null>): Promise<U | null> {
    const hit = this.entries.get(tokenHash);
    if (hit) {
      this.entries.delete(tokenHash);
      if (hit.until > this.options.now()) {
        // Re-inserted, so the Map's order stays least recently used first.
        this.entries.set(tokenHash, hit);
        return hit.user;
      }
    }
    const endsBefore = this.ends;
    const found = await load();
    if (!found) return null;
    if (this.ends === endsBefore) this.remember(tokenHash, found);
    return found.user;
  }

  /** A session (or every session of a user) ended: its lookups go to the database from now on. */
  forget(end: SessionEnd): void {
    this.ends += 1;
    if ('tokenHash' in end) {
      this.entries.delete(end.tokenHash);
      return;
    }
    // A whole user's sessions end rarely (a password reset, an admin's revoke): a walk over the entries.
    for (const [tokenHash, entry] of this.entries) if (entry.user._id === end.userId) this.entries.delete(tokenHash);
  }

  /** How many sessions are held (tests). */
  get size(): number {
    return this.entries.size;
  }

  private remember(tokenHash: string, found: FoundSession<U>): void {
    const until = Math.min(this.options.now() + this.options.ttlMs, found.expiresAt.getTime());
    if (until <= this.options.now()) return;
    // Frozen: every request of the session shares the object, so none may change it for the others.
    this.entries.set(tokenHash, { user: Object.freeze(found.user), until });
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }
}
