// Weighted counters over a fixed window: the interface the store's counters (apps/server plugins/
// attempt-counters.ts: Redis or memory) implement and the hosted checkout's card limits count with.

export interface WindowCount {
  /** The key's total in its current window, this addition included. */
  count: number;
  /** Milliseconds until the window ends and the key starts again from zero. */
  resetInMs: number;
}

export interface AttemptCounters {
  /** Adds `weight` to every key; a key's window starts with its first addition and lasts `windowMs`. */
  add(keys: string[], weight: number, windowMs: number): Promise<WindowCount[]>;
  /** A key's total and the rest of its window, without adding to it; { count: 0, resetInMs: 0 } when it has none. */
  peek(key: string): Promise<WindowCount>;
  /** Ends the keys' windows: they start again from zero. */
  clear(keys: string[]): Promise<void>;
}
