import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY, USER_KEY } from '@store/shared';
import { sessionEnded } from '../lib/session.ts';
import { liveConnectionOf } from '../lib/socket.ts';
import type { LiveSocket } from '../lib/live-socket.ts';
import { setNavigate } from '../lib/navigation.ts';
import { storage } from '../lib/storage.ts';
import { signedIn } from '../features/auth/auth-slice.ts';
import { walletUpdated } from '../features/user/user-slice.ts';
import { getUserApi } from '../features/user/api/get-user.ts';
import { selectCustomerInfo } from '../features/user/spec-state.ts';
import { getUserFixture } from '../../test/fixtures/site.ts';
import { mockApi } from '../../test/mock-api.ts';
import { makeStore } from './store.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  document.cookie = 'xAuthToken=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
});

describe('the session in the store', () => {
  it('sends the token of a reload (persisted under xAuthToken) as x-auth-token', async () => {
    storage.set(AUTH_TOKEN_KEY, 'tok_abc');
    const net = mockApi({ 'GET v1/getuser': { body: getUserFixture() } });
    await makeStore().dispatch(getUserApi.endpoints.userGetUser.initiate());
    expect(net.find('GET v1/getuser')!.headers.get('x-auth-token')).toBe('tok_abc');
  });

  it('ending the session clears storage and cookie, closes the live connection, resets state and the API cache, and goes to /', async () => {
    mockApi({ 'GET v1/getuser': { body: getUserFixture() } });
    const navigate = vi.fn();
    setNavigate(navigate);
    const socket: LiveSocket = { on: vi.fn(), off: vi.fn(), disconnect: vi.fn() };

    const store = makeStore(undefined, { live: { ioFactory: () => socket } });
    store.dispatch(signedIn({ token: 'tok_9', user: { _id: 'u_dana', role: 'USER' } }));
    document.cookie = 'xAuthToken=tok_9; path=/';
    await store.dispatch(getUserApi.endpoints.userGetUser.initiate());
    store.dispatch(walletUpdated({ purchasedWallet: 5, winWallet: 0, stackingWallet: 0 }));
    liveConnectionOf(store.live).connect({ _id: 'u_dana', role: 'USER', token: 'tok_9' });
    expect(selectCustomerInfo(store.getState()).firstName).toBe('Dana');

    store.dispatch(sessionEnded());

    const state = store.getState();
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
    expect(localStorage.getItem(USER_KEY)).toBeNull();
    expect(document.cookie).not.toContain('xAuthToken=tok_9');
    await vi.waitFor(() => expect(socket.disconnect).toHaveBeenCalled(), { timeout: 15_000 });
    expect(state.auth.token).toBeNull();
    expect(state.user.data).toBeNull();
    expect(selectCustomerInfo(state).firstName).toBe('');
    expect(state.api.queries).toEqual({});
    expect(navigate).toHaveBeenCalledWith('/');
  });
});
