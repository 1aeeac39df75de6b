// A shopper's answer kept in memory, exact with what the database holds when the request came in (issue 26,
// ADR 064). Migration 0056 makes every committed change to a user's account row, wallet balances, verification
// record or social identities NOTIFY the user's id, whoever made it. This instance LISTENs and drops what it keeps
// for that user. Before a kept answer is served, the instance sends a NOTIFY of its own (a barrier) and waits to
// hear it back: PostgreSQL delivers notifications in commit order, so by then it has heard every change committed
// before the request arrived. One barrier serves every request that came in while the one before it was out.
// While it is not listening (starting, or the connection lost) nothing is kept and every read asks the database.
import { randomBytes } from 'node:crypto';
import { createBackoff } from '../lib/backoff.ts';
import type { Database, NoticeListener } from './client.ts';

/** The channel migration 0056's triggers notify on: per schema, cut to PostgreSQL's 63 bytes as they cut it. */
export const userChangesChannel = (workingSchema: string) => `user_changes_${workingSchema}`.slice(0, 63);

/** What a TRUNCATE of one of the tables announces: every user. */
const EVERY_USER = '*';

export interface UserSnapshotOptions {
  /** Past this many users, the least recently read are dropped (a bound on memory). */
  maxEntries: number;
  /** A barrier not heard back in this long: the connection is taken as lost (and the read asks the database). */
  barrierTimeoutMs: number;
  /** Reconnecting after a loss waits this long, doubling with each failure in a row up to the maximum. */
  retryBaseMs: number;
  retryMaxMs: number;
  /** Told of a loss of the connection, or a failure to listen: the first of a streak, then as the backoff logs. */
  onLost?: (err: Error) => void;
}

export const DEFAULT_USER_SNAPSHOT_OPTIONS: UserSnapshotOptions = {
  maxEntries: 50_000,
  barrierTimeoutMs: 5_000,
  retryBaseMs: 1_000,
  retryMaxMs: 30_000,
};

type State = 'idle' | 'connecting' | 'live' | 'down' | 'closed';

/** A load in flight: spoiled when a change to its user (or every user) is heard before it is kept. */
interface Fill {
  spoiled: boolean;
}

interface SentBarrier {
  payload: string;
  waiters: ((heard: boolean) => void)[];
  timer: NodeJS.Timeout;
}

export class UserSnapshots<V> {
  private state: State = 'idle';
  private listener: NoticeListener | null = null;
  private retryAt = 0;
  private readonly backoff;
  private readonly entries = new Map<string, V>();
  private readonly fills = new Map<string, Set<Fill>>();
  private readonly channel: string;
  /** Tells this instance's barriers from another instance's on the same channel. */
  private readonly barrierPrefix = `barrier:${randomBytes(6).toString('hex')}:`;
  private barriersSent = 0;
  private sent: SentBarrier | null = null;
  private next: ((heard: boolean) => void)[] = [];
  /** How many changes this instance has heard (tests wait on it). */
  changesHeard = 0;

  constructor(
    private readonly database: Database,
    private readonly options: UserSnapshotOptions = DEFAULT_USER_SNAPSHOT_OPTIONS,
  ) {
    this.channel = userChangesChannel(database.workingSchema);
    this.backoff = createBackoff({ baseMs: options.retryBaseMs, maxMs: options.retryMaxMs });
  }

  /** The user's answer: kept, once every change committed before this call has been heard; else from `load`. */
  async read(userId: string, load: () => Promise<V>): Promise<V> {
    if (!(await this.caughtUp())) return load();
    const kept = this.entries.get(userId);
    if (kept !== undefined) {
      // Re-inserted, so the Map's order stays least recently read first.
      this.entries.delete(userId);
      this.entries.set(userId, kept);
      return kept;
    }
    const fill: Fill = { spoiled: false };
    const fills = this.fills.get(userId) ?? new Set<Fill>();
    fills.add(fill);
    this.fills.set(userId, fills);
    try {
      const value = await load();
      // Not kept if a change to the user was heard while it loaded: `value` may predate it.
      if (!fill.spoiled && this.state === 'live') this.keep(userId, value);
      return value;
    } finally {
      fills.delete(fill);
      if (fills.size === 0 && this.fills.get(userId) === fills) this.fills.delete(userId);
    }
  }

  /** How many users' answers are kept (tests). */
  get size(): number {
    return this.entries.size;
  }

  /** Whether kept answers are served (tests wait on it): listening, and nothing lost since. */
  get live(): boolean {
    return this.state === 'live';
  }

  async close(): Promise<void> {
    this.state = 'closed';
    this.forgetEveryone();
    this.releaseWaiters(false);
    const listener = this.listener;
    this.listener = null;
    await listener?.close();
  }

  /** True once a barrier sent after this call was heard back; false when not listening. */
  private caughtUp(): Promise<boolean> {
    if (this.state !== 'live') {
      this.connectWhenDue();
      return Promise.resolve(false);
    }
    return new Promise((resolve) => {
      this.next.push(resolve);
      this.sendBarrier();
    });
  }

  private sendBarrier(): void {
    if (this.sent || this.next.length === 0 || !this.listener) return;
    this.barriersSent += 1;
    const payload = `${this.barrierPrefix}${this.barriersSent}`;
    const timer = setTimeout(
      () => this.lose(new Error('A change notices barrier was not heard back in time')),
      this.options.barrierTimeoutMs,
    );
    timer.unref();
    this.sent = { payload, waiters: this.next, timer };
    this.next = [];
    this.listener.notify(payload).catch((err: unknown) => this.lose(err instanceof Error ? err : new Error(String(err))));
  }

  private heard(payload: string): void {
    if (payload.startsWith('barrier:')) {
      if (this.sent?.payload !== payload) return; // another instance's, or one given up on
      const { waiters, timer } = this.sent;
      clearTimeout(timer);
      this.sent = null;
      for (const resolve of waiters) resolve(true);
      this.sendBarrier();
      return;
    }
    this.changesHeard += 1;
    if (payload === EVERY_USER) {
      this.forgetEveryone();
      return;
    }
    this.entries.delete(payload);
    for (const fill of this.fills.get(payload) ?? []) fill.spoiled = true;
  }

  private forgetEveryone(): void {
    this.entries.clear();
    for (const fills of this.fills.values()) for (const fill of fills) fill.spoiled = true;
  }

  private keep(userId: string, value: V): void {
    this.entries.set(userId, value);
    while (this.entries.size > this.options.maxEntries) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  private releaseWaiters(heard: boolean): void {
    const waiting = [...(this.sent?.waiters ?? []), ...this.next];
    if (this.sent) clearTimeout(this.sent.timer);
    this.sent = null;
    this.next = [];
    for (const resolve of waiting) resolve(heard);
  }

  /** Starts listening, at the first read and again after a loss once its delay has passed. */
  private connectWhenDue(): void {
    if (this.state === 'connecting' || this.state === 'closed') return;
    if (this.state === 'down' && Date.now() < this.retryAt) return;
    this.state = 'connecting';
    this.database
      .listen(
        this.channel,
        (payload) => this.heard(payload),
        (err) => this.lose(err),
      )
      .then(
        async (listener) => {
          if (this.state !== 'connecting') {
            await listener.close();
            return;
          }
          this.listener = listener;
          // Whatever was heard or missed before LISTEN took hold: nothing is kept from then.
          this.forgetEveryone();
          this.backoff.succeeded();
          this.state = 'live';
        },
        (err: unknown) => {
          this.lose(err instanceof Error ? err : new Error(String(err)));
        },
      );
  }

  /** The connection (or a barrier) failed: nothing kept is trusted, every read asks the database until it is back. */
  private lose(err: Error): void {
    if (this.state !== 'live' && this.state !== 'connecting') return;
    this.state = 'down';
    const failure = this.backoff.failed();
    this.retryAt = Date.now() + failure.delayMs;
    this.forgetEveryone();
    this.releaseWaiters(false);
    const listener = this.listener;
    this.listener = null;
    listener?.close().catch(() => {});
    if (failure.worthLogging) this.options.onLost?.(err);
  }
}
