import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECORDING_OPT_OUT_EVENT, RECORDING_OPT_OUT_KEY } from '@store/shared';
import { decideSession, isOptedOut, setOptedOut, takeSequence } from './session.ts';

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('decideSession', () => {
  it('decides once per browser session: a later page keeps the first answer, whatever the percentage', () => {
    const first = decideSession(25, () => 0.1);
    expect(first.sampled).toBe(true);
    expect(first.id).toMatch(/^[0-9a-f]{32}$/);
    expect(decideSession(0, () => 0.99)).toEqual(first);
  });

  it('samples by the percentage: 25 % takes 0.2, leaves 0.3; 0 % records nobody, 100 % everybody', () => {
    expect(decideSession(25, () => 0.3).sampled).toBe(false);
    window.sessionStorage.clear();
    expect(decideSession(25, () => 0.2).sampled).toBe(true);
    window.sessionStorage.clear();
    expect(decideSession(0, () => 0).sampled).toBe(false);
    window.sessionStorage.clear();
    expect(decideSession(100, () => 0.999).sampled).toBe(true);
  });

  it('numbers batches on from where the last page stopped', () => {
    const session = decideSession(100);
    expect([takeSequence(session), takeSequence(session), takeSequence(session)]).toEqual([0, 1, 2]);
  });
});

describe('the opt-out', () => {
  it('is kept in localStorage and announced to a running recorder', () => {
    const heard = vi.fn();
    window.addEventListener(RECORDING_OPT_OUT_EVENT, (event) => heard((event as CustomEvent<boolean>).detail));
    setOptedOut(true);
    expect(window.localStorage.getItem(RECORDING_OPT_OUT_KEY)).toBe('1');
    expect(isOptedOut()).toBe(true);
    setOptedOut(false);
    expect(isOptedOut()).toBe(false);
    expect(heard.mock.calls).toEqual([[true], [false]]);
  });
});
