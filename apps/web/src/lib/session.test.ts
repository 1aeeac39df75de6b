import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY, USER_KEY } from '@store/shared';
import { makeStore } from '../app/store.ts';
import { tokenReceived } from '../features/auth/auth-slice.ts';
import { walletUpdated } from '../features/user/user-slice.ts';
import { getUserApi } from '../features/user/api/get-user.ts';
import { getUserFixture } from '../app/testing/fixtures.ts';
import { mockApi } from '../app/testing/mock-api.ts';
import { clearSession, getStoredToken, getStoredUser, saveSession, signOut } from './session.ts';
import { connectLive, setIoFactory, type LiveSocket } from './socket.ts';
import { setNavigate } from './navigation.ts';
import { storage } from './storage.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'xAuthToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('session', () => {
  it('saves token and user under xAuthToken and user, and reads them back', () => {
    saveSession({ token: 'tok_9', user: { _id: 'u9', role: 'USER', email: 'a@b.example' } });
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('tok_9');
    expect(getStoredToken()).toBe('tok_9');
    expect(getStoredUser()).toEqual({ _id: 'u9', role: 'USER', email: 'a@b.example' });
  });

  it('reads nothing when signed out', () => {
    expect(getStoredToken()).toBe('');
    expect(getStoredUser()).toBeNull();
  });

  it('clearSession removes both keys and expires the token cookie', () => {
    saveSession({ token: 'tok_9', user: { _id: 'u9', role: 'USER' } });
    document.cookie = 'xAuthToken=tok_9; path=/';
    clearSession();
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('');
    expect(storage.get(USER_KEY)).toBe('');
    expect(document.cookie).not.toContain('xAuthToken=tok_9');
  });

  it('expires the token cookie exactly one day in the past (SPEC §9)', () => {
    vi.useFakeTimers({ now: new Date('2024-06-15T12:00:00Z'), toFake: ['Date'] });
    const written: string[] = [];
    const setter = vi.spyOn(document, 'cookie', 'set').mockImplementation((value: string) => void written.push(value));
    try {
      clearSession();
      expect(written).toEqual(['xAuthToken=; expires=Fri, 14 Jun 2024 12:00:00 GMT; path=/']);
    } finally {
      setter.mockRestore();
      vi.useRealTimers();
    }
  });

  it('signOut clears storage, closes the live connection, resets state and the API cache, and goes to /', async () => {
    mockApi({ 'GET v1/getuser': { body: getUserFixture() } });
    const navigate = vi.fn();
    setNavigate(navigate);
    const socket: LiveSocket = { on: vi.fn(), off: vi.fn(), disconnect: vi.fn() };
    setIoFactory(() => socket);

    saveSession({ token: 'tok_9', user: { _id: 'u_dana', role: 'USER' } });
    const store = makeStore();
    store.dispatch(tokenReceived('tok_9'));
    await store.dispatch(getUserApi.endpoints.userGetUser.initiate());
    store.dispatch(walletUpdated({ purchasedWallet: 5, winWallet: 0, stackingWallet: 0 }));
    connectLive({ _id: 'u_dana', role: 'USER', token: 'tok_9' });

    signOut(store.dispatch);

    const state = store.getState();
    expect(getStoredToken()).toBe('');
    expect(getStoredUser()).toBeNull();
    expect(socket.disconnect).toHaveBeenCalled();
    expect(state.auth.token).toBeNull();
    expect(state.user.data).toBeNull();
    expect(state.customerInfo.firstName).toBe('');
    expect(state.api.queries).toEqual({});
    expect(navigate).toHaveBeenCalledWith('/');
  });
});
