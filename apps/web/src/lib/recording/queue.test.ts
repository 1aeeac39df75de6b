import { describe, expect, it } from 'vitest';
import { RECORDING_QUEUE_LIMIT, recordingBatchBody } from '@store/shared';
import { batchBody, RecordingQueue } from './queue.ts';

const event = (n: number) => JSON.stringify({ type: 3, timestamp: n, data: { n } });
const numbers = (events: string[]) => events.map((e) => (JSON.parse(e) as { timestamp: number }).timestamp);
const counter = () => {
  let next = 0;
  return () => next++;
};
const roomy = { maxEvents: RECORDING_QUEUE_LIMIT, maxBytes: 1_000_000 };

describe('RecordingQueue', () => {
  it('keeps at most 1000 events (SPEC §9): a full queue drops the oldest', () => {
    const queue = new RecordingQueue(counter());
    for (let n = 0; n < 1_250; n++) queue.push(event(n));
    expect(queue.size).toBe(1_000);
    expect(queue.dropped).toBe(250);
    const batch = queue.take(roomy)!;
    expect(numbers(batch.events)[0]).toBe(250);
    expect(numbers(batch.events).at(-1)).toBe(1_249);
  });

  it('takes batches in order, numbered, within the event and size limits', () => {
    const queue = new RecordingQueue(counter());
    for (let n = 0; n < 10; n++) queue.push(event(n));
    const first = queue.take({ maxEvents: 4, maxBytes: 1_000_000 })!;
    expect(first.sequence).toBe(0);
    expect(numbers(first.events)).toEqual([0, 1, 2, 3]);
    queue.sent(first);
    const small = queue.take({ maxEvents: 100, maxBytes: event(4).length * 2 + 1 })!;
    expect(small.sequence).toBe(1);
    expect(numbers(small.events)).toEqual([4, 5]);
    queue.sent(small);
    expect(queue.size).toBe(4);
  });

  it('retries a failed batch as it was: same number, same events, new events wait behind it', () => {
    const queue = new RecordingQueue(counter());
    for (let n = 0; n < 3; n++) queue.push(event(n));
    const failed = queue.take(roomy)!;
    queue.push(event(3));
    const retry = queue.take(roomy)!;
    expect(retry.sequence).toBe(failed.sequence);
    expect(numbers(retry.events)).toEqual([0, 1, 2]);
    queue.sent(retry);
    const next = queue.take(roomy)!;
    expect(next.sequence).toBe(1);
    expect(numbers(next.events)).toEqual([3]);
  });

  it('keeps failed events up to the limit: on overflow the oldest of them go, the rest go out under a new number', () => {
    const queue = new RecordingQueue(counter(), 5);
    for (let n = 0; n < 4; n++) queue.push(event(n));
    queue.take(roomy);
    for (let n = 4; n < 7; n++) queue.push(event(n));
    expect(queue.size).toBe(5);
    const batch = queue.take(roomy)!;
    expect(batch.sequence).toBe(1);
    expect(numbers(batch.events)).toEqual([2, 3, 4, 5, 6]);
  });

  it('drops an event larger than any batch may be, and sends the others', () => {
    const queue = new RecordingQueue(counter());
    queue.push(JSON.stringify({ type: 2, timestamp: 0, data: 'x'.repeat(500) }));
    queue.push(event(1));
    const batch = queue.take({ maxEvents: 10, maxBytes: 100 })!;
    expect(numbers(batch.events)).toEqual([1]);
    expect(queue.dropped).toBe(1);
  });

  it('holds a pinned batch too large for a page-hide send back for a normal send', () => {
    const queue = new RecordingQueue(counter());
    for (let n = 0; n < 3; n++) queue.push(event(n));
    const batch = queue.take(roomy)!;
    expect(queue.take({ maxEvents: 1, maxBytes: 1_000_000 })).toBeNull();
    expect(queue.take(roomy)).toBe(batch);
  });
});

describe('batchBody', () => {
  it('is the JSON the server takes', () => {
    const queue = new RecordingQueue(counter());
    queue.push(event(1));
    queue.push(event(2));
    const body = JSON.parse(batchBody(queue.take(roomy)!, 'conv-1'));
    expect(recordingBatchBody.parse(body)).toEqual({
      sequence: 0,
      chatId: 'conv-1',
      events: [JSON.parse(event(1)), JSON.parse(event(2))],
    });
  });
});
