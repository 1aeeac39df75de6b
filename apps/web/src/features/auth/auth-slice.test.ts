import { describe, expect, it } from 'vitest';
import { AUTH_TOKEN_KEY } from '@store/shared';
import { makeStore } from '../../app/store.ts';
import { resetState } from '../../lib/session.ts';
import { emailForgetSet, selectIsLoggedIn, tokenReceived } from './auth-slice.ts';

describe('auth slice', () => {
  it('starts from the token in storage, so a reload keeps the shopper signed in', () => {
    localStorage.setItem(AUTH_TOKEN_KEY, 'stored-token-0123456789');
    const store = makeStore();
    expect(store.getState().auth).toEqual({ token: 'stored-token-0123456789', resetToken: null, emailForget: '' });
    expect(selectIsLoggedIn(store.getState())).toBe(true);
  });

  it('re-reads storage when the state is reset at sign-out', () => {
    const store = makeStore();
    store.dispatch(tokenReceived('fresh-token-0123456789'));
    store.dispatch(emailForgetSet('sam@example.test'));
    expect(selectIsLoggedIn(store.getState())).toBe(true);

    // Sign-out removes the token from storage first, then resets the state.
    localStorage.removeItem(AUTH_TOKEN_KEY);
    store.dispatch(resetState());
    expect(store.getState().auth).toEqual({ token: null, resetToken: null, emailForget: '' });
    expect(selectIsLoggedIn(store.getState())).toBe(false);
  });
});
