// The batch worker (ADR 033): batches are read off the main thread, at most a bounded number wait, and a
// worker that is closed or fails answers 503 RECORDING_BUSY (with a Retry-After) instead of holding requests.
import { afterEach, describe, expect, it } from 'vitest';
import { RECORDING_ERROR } from '@store/shared';
import { parseBatchText } from './batch-body.ts';
import { createBatchParser, type BatchParser } from './batch-parser.ts';
import { RetryLaterError } from './refusals.ts';

const log = { error: () => {} };
const text = (sequence: number) =>
  JSON.stringify({ sequence, events: [{ type: 4, timestamp: 1, data: { href: 'http://store.test/add-card/ord_1' } }] });

let parser: BatchParser | undefined;
afterEach(() => parser?.close());

async function busy(promise: Promise<unknown>) {
  const err = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RetryLaterError);
  expect(err).toMatchObject({ statusCode: 503, code: RECORDING_ERROR.busy });
  expect((err as RetryLaterError).retryAfterSeconds).toBeGreaterThan(0);
}

describe('createBatchParser', () => {
  it('reads a batch on the worker into what the main thread would have made of it', async () => {
    parser = createBatchParser(log);
    expect(await parser.parse(text(3))).toEqual(parseBatchText(text(3)));
    const refused = await parser.parse('{"sequence":0,"events":[{"type":3,"timestamp":1,"data":{"t":"\\u0000"}}]}');
    expect(refused).toEqual({ ok: false, refusal: expect.objectContaining({ field: 'events.0.data.t' }) });
  });

  it('refuses a batch beyond its queue with 503, and reads the ones it took', async () => {
    parser = createBatchParser(log, { queueLimit: 2 });
    const first = parser.parse(text(0));
    const second = parser.parse(text(1));
    await busy(parser.parse(text(2)));
    expect(await Promise.all([first, second])).toEqual([parseBatchText(text(0)), parseBatchText(text(1))]);
    // Room again once they are read.
    expect(await parser.parse(text(2))).toEqual(parseBatchText(text(2)));
  });

  it('answers 503 for what it held when closed, and for anything after', async () => {
    parser = createBatchParser(log);
    // Checked from the start: the batch may be refused while close() still waits for the worker to end.
    const held = busy(parser.parse(text(0)));
    await parser.close();
    await held;
    await busy(parser.parse(text(1)));
  });
});
