import { describe, expect, it } from 'vitest';
import { RECORDING_ERROR } from '@store/shared';
import { batchVerdict } from './transport.ts';

// What the recorder does with each answer to a batch (ADR 033): no answer makes it send again and again.
describe('batchVerdict', () => {
  const now = 1_000_000;
  it('keeps nothing that was stored, or refused for what it is', () => {
    expect(batchVerdict(200, undefined, null, now)).toEqual({ kind: 'sent' });
    expect(batchVerdict(400, 'VALIDATION_FAILED', null, now)).toEqual({ kind: 'drop' });
    expect(batchVerdict(413, 'FST_ERR_CTP_BODY_TOO_LARGE', null, now)).toEqual({ kind: 'drop' });
  });

  it('stops for the session when the recording is full, and starts another when it is lost', () => {
    expect(batchVerdict(413, RECORDING_ERROR.full, null, now)).toEqual({ kind: 'full' });
    expect(batchVerdict(404, RECORDING_ERROR.notFound, null, now)).toEqual({ kind: 'lost' });
    expect(batchVerdict(403, RECORDING_ERROR.forbidden, null, now)).toEqual({ kind: 'lost' });
  });

  it('waits as long as a 429 says (a minute when it says nothing)', () => {
    expect(batchVerdict(429, RECORDING_ERROR.addressLimited, '1800', now)).toEqual({ kind: 'hold', until: now + 1_800_000 });
    expect(batchVerdict(429, 'RATE_LIMITED', null, now)).toEqual({ kind: 'hold', until: now + 60_000 });
  });

  it('tries a busy or failing server again at the next send', () => {
    expect(batchVerdict(503, RECORDING_ERROR.busy, '5', now)).toEqual({ kind: 'retry' });
    expect(batchVerdict(500, 'INTERNAL', null, now)).toEqual({ kind: 'retry' });
  });
});
