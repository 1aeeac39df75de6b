import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY, USER_KEY } from '@store/shared';
import { clearPersistedSession, persistSession, readPersistedToken } from './session.ts';
import { storage } from './storage.ts';

// The persisted copy of the session (SPEC §4, §9). Signing out as a whole is app/session.test.ts.

afterEach(() => {
  document.cookie = 'xAuthToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('persisted session', () => {
  it('saves token and user under xAuthToken and user, and reads the token back', () => {
    persistSession({ token: 'tok_9', user: { _id: 'u9', role: 'USER', email: 'a@b.example' } });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('tok_9');
    expect(readPersistedToken()).toBe('tok_9');
    expect(storage.get(USER_KEY)).toEqual({ _id: 'u9', role: 'USER', email: 'a@b.example' });
  });

  it('reads nothing when signed out', () => {
    expect(readPersistedToken()).toBe('');
    expect(storage.get(USER_KEY)).toBe('');
  });

  it('clearing removes both keys and expires the token cookie', () => {
    persistSession({ token: 'tok_9', user: { _id: 'u9', role: 'USER' } });
    document.cookie = 'xAuthToken=tok_9; path=/';
    clearPersistedSession();
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('');
    expect(storage.get(USER_KEY)).toBe('');
    expect(document.cookie).not.toContain('xAuthToken=tok_9');
  });

  it('expires the token cookie exactly one day in the past (SPEC §9)', () => {
    vi.useFakeTimers({ now: new Date('2024-06-15T12:00:00Z'), toFake: ['Date'] });
    const written: string[] = [];
    const setter = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void written.push(value));
    try {
      clearPersistedSession();
      expect(written).toEqual(['xAuthToken=; expires=Fri, 14 Jun 2024 12:00:00 GMT; path=/']);
    } finally {
      setter.mockRestore();
      vi.useRealTimers();
    }
  });
});
