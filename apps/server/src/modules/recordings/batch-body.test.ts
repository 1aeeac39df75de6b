// Reading a batch's text (ADR 033): what PostgreSQL cannot store is found in one walk and named by its path.
import { describe, expect, it } from 'vitest';
import { findUnstorableText, parseBatchText } from './batch-body.ts';

describe('findUnstorableText', () => {
  it('names the first string or key with a NUL or an unpaired surrogate, in the order of the text', () => {
    expect(findUnstorableText({ a: [1, 'ok', { b: 'x\u0000' }], c: '\ud800' })).toEqual({
      field: 'a.2.b',
      problem: 'must not contain a NUL character',
    });
    expect(findUnstorableText({ a: 'ok', events: [{}, { data: { ['k\udc00']: 1 } }] })).toEqual({
      field: 'events.1.data.k\\udc00',
      problem: 'its name must not contain an unpaired surrogate (malformed Unicode)',
    });
    expect(findUnstorableText('\ud83d')).toEqual({ field: 'body', problem: expect.stringContaining('surrogate') });
  });

  it('takes surrogate pairs and any other text', () => {
    expect(findUnstorableText({ emoji: '😀\ud83d\ude00', ['🐉']: ['\t\n', 'Ω'] })).toBeNull();
  });

  it('walks a deep value without running out of stack', () => {
    let deep: unknown = 'bottom\u0000';
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findUnstorableText(deep)?.field).toMatch(/^0(\.0)+$/);
  });
});

describe('parseBatchText', () => {
  it('gives the counts, the facts and the events compressed', () => {
    const events = [{ type: 4, timestamp: 5, data: { href: 'http://store.test/add-card/ord_9' } }];
    const outcome = parseBatchText(JSON.stringify({ sequence: 7, events, chatId: 'c1' }));
    if (!outcome.ok) throw new Error(outcome.refusal.message);
    expect(outcome.batch).toMatchObject({
      sequence: 7,
      chatId: 'c1',
      eventCount: 1,
      eventBytes: JSON.stringify(events).length,
      facts: { paths: ['/add-card/ord_9'], orderIds: ['ord_9'] },
    });
    expect(outcome.batch.storedBytes).toBe(Buffer.from(outcome.batch.eventsGzipBase64, 'base64').length);
  });
});
