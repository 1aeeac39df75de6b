import { describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@store/shared';
import { makeStore } from '../../app/store.ts';
import { resetState } from '../../lib/session.ts';
import { emailForgetSet, selectIsLoggedIn, signedIn } from './auth-slice.ts';

describe('auth slice', () => {
  it('starts from the token in storage, so a reload keeps the shopper signed in', () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token-0123456789');
    const store = makeStore();
    expect(store.getState().auth).toEqual({ token: 'stored-token-0123456789', resetToken: null, emailForget: '' });
    expect(selectIsLoggedIn(store.getState())).toBe(true);
  });

  it('keeps a sign-in under xAuthToken, and the reset of a sign-out drops the token and its stored copy', () => {
    const store = makeStore();
    store.dispatch(signedIn({ token: 'fresh-token-0123456789', user: { _id: 'u1', role: 'USER' } }));
    store.dispatch(emailForgetSet('sam@example.test'));
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBe('fresh-token-0123456789');

    store.dispatch(resetState());
    expect(store.getState().auth).toEqual({ token: null, resetToken: null, emailForget: '' });
    expect(selectIsLoggedIn(store.getState())).toBe(false);
    expect(localStorage.getItem(AUTH_TOKEN_KEY)).toBeNull();
  });
});
