import { afterEach, describe, expect, it, vi } from 'vitest';
import { RECORDING_OPT_OUT_EVENT, RECORDING_OPT_OUT_KEY } from '@store/shared';
import {
  decideSession,
  forgetRecording,
  holdRecording,
  isHeld,
  isOptedOut,
  keepRecording,
  setOptedOut,
  storedRecording,
  takeSequence,
} from './session.ts';

afterEach(() => {
  window.sessionStorage.clear();
  window.localStorage.clear();
});

describe('decideSession', () => {
  it('decides once per browser session: a later page keeps the first answer, whatever the percentage', () => {
    const first = decideSession(25, () => 0.1);
    expect(first.sampled).toBe(true);
    expect(decideSession(0, () => 0.99)).toEqual(first);
    // No recording until the server issues one: the browser never names it.
    expect(storedRecording()).toBeNull();
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

  it('numbers batches on from where the last page stopped, from 0 again for a new recording', () => {
    decideSession(100);
    keepRecording({ recordingId: 'r'.repeat(22), recordingSecret: 's'.repeat(43) });
    expect([takeSequence(), takeSequence(), takeSequence()]).toEqual([0, 1, 2]);
    keepRecording({ recordingId: 'q'.repeat(22), recordingSecret: 't'.repeat(43) });
    expect(takeSequence()).toBe(0);
  });
});

describe('the recording the server issued', () => {
  it('is kept for the browser session, and forgotten when the server no longer has it', () => {
    decideSession(100);
    const recording = { recordingId: 'r'.repeat(22), recordingSecret: 's'.repeat(43) };
    keepRecording(recording);
    expect(storedRecording()).toEqual(recording);
    expect(decideSession(100)).toEqual({ sampled: true });
    forgetRecording();
    expect(storedRecording()).toBeNull();
  });

  it('holds off until the server said (an hourly limit), or for the rest of the session (a full recording)', () => {
    decideSession(100);
    const now = 1_000_000;
    expect(isHeld(now)).toBe(false);
    holdRecording(now + 60_000);
    expect(isHeld(now)).toBe(true);
    expect(isHeld(now + 60_001)).toBe(false);
    holdRecording();
    expect(isHeld(Date.now() + 365 * 86_400_000)).toBe(true);
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
