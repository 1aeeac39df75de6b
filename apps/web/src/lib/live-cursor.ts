import type { KeyValueStore } from '@store/shared';

// The last live event id this tab saw (issue 10): named in the handshake when the connection opens or
// reopens, so the server replays what was missed; and used to drop an event heard twice.

/**
 * localStorage key, one per shopper: `liveLastEventId:<user _id>`. Kept there (as well as in memory) so a
 * reload or a new tab catches up from where the browser was. Per user so one shopper signing in after
 * another on the same browser never starts from the other's id.
 */
export const lastEventIdKey = (userId: string) => `liveLastEventId:${userId}`;

export interface LiveCursor {
  readonly userId: string;
  /** What the handshake names: this tab's last id, else the browser's (localStorage), else none. */
  lastEventId(): number | undefined;
  /** Takes an event's id: false when this tab already saw it (or a later one), so it is dropped. */
  accept(id: number): boolean;
  /** The id the server says the connection is at after its replay (liveSynced). */
  synced(id: number): void;
}

const storedId = (store: Pick<KeyValueStore, 'getItem'>, key: string): number | undefined => {
  const raw = store.getItem(key);
  if (raw === null || !/^\d{1,15}$/.test(raw)) return undefined;
  return Number(raw);
};

export function createLiveCursor(userId: string, store: KeyValueStore): LiveCursor {
  const key = lastEventIdKey(userId);
  // In memory per tab: another tab moving localStorage ahead must not make this tab skip events.
  let seen: number | undefined;

  const advance = (id: number) => {
    seen = id;
    // Never backwards: a tab that is behind must not pull the browser's id back.
    const stored = storedId(store, key);
    if (stored === undefined || id > stored) {
      try {
        store.setItem(key, String(id));
      } catch {
        // Storage full or denied: this tab still remembers it.
      }
    }
  };

  return {
    userId,
    lastEventId: () => seen ?? storedId(store, key),
    accept(id) {
      if (seen !== undefined && id <= seen) return false;
      advance(id);
      return true;
    },
    synced(id) {
      if (seen === undefined || id > seen) advance(id);
    },
  };
}
