import { describe, expect, it } from 'vitest';
import { verificationStatus } from './verification.ts';

describe('verificationStatus (SPEC §4 Verification badge)', () => {
  it('is null without a record or while attempts is unset', () => {
    expect(verificationStatus(null)).toBeNull();
    expect(verificationStatus(undefined)).toBeNull();
    expect(verificationStatus({ attempts: null, decision: 'PASSED', status: 'INITIATED' })).toBeNull();
    expect(verificationStatus({ attempts: 0, decision: null, status: null })).toBeNull();
  });

  it('is verified when the decision is PASSED, whatever the status', () => {
    expect(verificationStatus({ attempts: 1, decision: 'PASSED', status: 'INITIATED' })).toBe('verified');
  });

  it.each(['INITIATED', 'ACQUIRED'])('is pending while the status is %s', (status) => {
    expect(verificationStatus({ attempts: 1, decision: null, status })).toBe('pending');
  });

  it.each([
    ['REJECTED', 'DONE'],
    [null, 'DONE'],
    [null, null],
    ['NOT_EXECUTED', 'FAILED'],
  ])('is retry otherwise (decision %s, status %s)', (decision, status) => {
    expect(verificationStatus({ attempts: 2, decision, status })).toBe('retry');
  });
});
