// The events waiting to be sent (SPEC §9: at most 1000). Each event is kept as its JSON text, made once
// when it is recorded: the batch body is joined from them, and a batch's size is known without measuring.
import { RECORDING_QUEUE_LIMIT } from '@store/shared';

export interface Batch {
  sequence: number;
  /** Each event's JSON text. */
  events: string[];
  /** The length of the events' text, commas included. */
  bytes: number;
}

export interface TakeLimits {
  maxEvents: number;
  /** A batch's events stay under this many characters (one event larger than it is dropped: it never fits). */
  maxBytes: number;
}

/**
 * A full queue drops its OLDEST events (the newest show what led to a problem, which is what a replay is
 * for). The batch being sent stays pinned: a failed send is retried as it was, same number and events,
 * so the server's per-sequence de-duplication holds; only when the queue overflows is the pinned batch
 * released into it (and later sent under a new number).
 */
export class RecordingQueue {
  private waiting: string[] = [];
  private pinned: Batch | null = null;
  /** Events dropped for space, since the start: for the ADR's trade-off, and tests. */
  dropped = 0;

  constructor(
    private readonly nextSequence: () => number,
    private readonly limit = RECORDING_QUEUE_LIMIT,
  ) {}

  /** Events waiting, the pinned batch's included. */
  get size(): number {
    return this.waiting.length + (this.pinned?.events.length ?? 0);
  }

  push(eventJson: string): void {
    this.waiting.push(eventJson);
    if (this.size <= this.limit) return;
    if (this.pinned) {
      this.waiting = this.pinned.events.concat(this.waiting);
      this.pinned = null;
    }
    const over = this.waiting.length - this.limit;
    this.waiting.splice(0, over);
    this.dropped += over;
  }

  /**
   * The batch to send: the pinned one again when its send failed (if it fits the limits), else the oldest
   * waiting events under a new sequence number. Null when nothing waits.
   */
  take(limits: TakeLimits): Batch | null {
    if (this.pinned) {
      if (this.pinned.events.length <= limits.maxEvents && this.pinned.bytes <= limits.maxBytes) return this.pinned;
      return null;
    }
    const events: string[] = [];
    let bytes = 0;
    while (this.waiting.length && events.length < limits.maxEvents) {
      const next = this.waiting[0]!;
      const cost = next.length + (events.length ? 1 : 0);
      if (bytes + cost > limits.maxBytes) {
        if (events.length) break;
        // Larger than any batch may be: it can never be sent.
        this.waiting.shift();
        this.dropped += 1;
        continue;
      }
      events.push(next);
      bytes += cost;
      this.waiting.shift();
    }
    if (!events.length) return null;
    this.pinned = { sequence: this.nextSequence(), events, bytes };
    return this.pinned;
  }

  /** The batch reached the server: it leaves the queue. */
  sent(batch: Batch): void {
    if (this.pinned === batch) this.pinned = null;
  }

  /** Everything is forgotten (the shopper opted out). */
  clear(): void {
    this.waiting = [];
    this.pinned = null;
  }
}

/** The body of POST v1/recordings/{recordingId}/batches, joined from the events' text. */
export function batchBody(batch: Batch, chatId: string | null): string {
  const head = JSON.stringify({ sequence: batch.sequence, ...(chatId ? { chatId } : {}) });
  return `${head.slice(0, -1)},"events":[${batch.events.join(',')}]}`;
}
