import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, render, screen } from '@testing-library/react';
import { toast } from 'react-toastify';
import { AUTH_TOKEN_KEY, COUNTRY_RESTRICTED_MESSAGE, USER_KEY } from '@store/shared';
import { api } from '../lib/api.ts';
import { handleApiError, NETWORK_ERROR_MESSAGE } from '../lib/error-handler.ts';
import { loadToasts } from '../lib/toast.ts';
import { setNavigate } from '../lib/navigation.ts';
import { storage } from '../lib/storage.ts';
import { signedIn } from '../features/auth/auth-slice.ts';
import { mockApi, mockNetworkDown } from '../../test/mock-api.ts';
import { makeStore, type AppStore } from './store.ts';
import { AppToasts } from './AppToasts.tsx';

// SPEC §8 "Shared handler for failed calls", one test per row, driven through a real endpoint in the
// app's store so the base query's and the session's wiring are part of what is checked.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    handlerProbe: build.query<unknown, void>({ query: () => 'v1/probe' }),
  }),
});

let store: AppStore;
let navigate: ReturnType<typeof vi.fn<(to: string) => void>>;

function signIn() {
  store.dispatch(signedIn({ token: 'tok_live', user: { _id: 'u1', role: 'USER' } }));
  document.cookie = 'xAuthToken=tok_live; path=/';
}

async function failWith(status: number, body: unknown) {
  mockApi({ 'GET v1/probe': { status, body } });
  await act(async () => {
    await store.dispatch(probeApi.endpoints.handlerProbe.initiate());
  });
}

async function expectNoToast() {
  // A toast asked for waits for react-toastify to load (lib/toast.ts): load it, then give it a render
  // pass to show anything it was asked to. A negative check: a longer wait could only find more.
  await act(async () => {
    await loadToasts();
    await new Promise((resolve) => setTimeout(resolve, 20));
  });
  expect(screen.queryByRole('alert')).not.toBeInTheDocument();
}

function expectSignedOut() {
  expect(storage.get(AUTH_TOKEN_KEY)).toBe('');
  expect(storage.get(USER_KEY)).toBe('');
  expect(store.getState().auth.token).toBeNull();
  expect(navigate).toHaveBeenCalledWith('/');
}

beforeEach(() => {
  store = makeStore();
  navigate = vi.fn<(to: string) => void>();
  setNavigate(navigate);
  render(<AppToasts />);
  signIn();
});

afterEach(() => {
  act(() => toast.dismiss());
  vi.unstubAllGlobals();
});

describe('shared error handler', () => {
  it('400 with the country message: signs out, goes to the root and shows an error toast', async () => {
    await failWith(400, { success: false, message: COUNTRY_RESTRICTED_MESSAGE, code: 'COUNTRY_RESTRICTED' });
    expect(await screen.findByText(COUNTRY_RESTRICTED_MESSAGE)).toBeInTheDocument();
    expectSignedOut();
  });

  it('other 400: a toast with the server message, still signed in', async () => {
    await failWith(400, { success: false, message: 'Quantity must be at least 1.', code: 'BAD_REQUEST', field: 'quantity' });
    expect(await screen.findByText('Quantity must be at least 1.')).toBeInTheDocument();
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('tok_live');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('401: removes token and user, expires the token cookie, goes to the root, no toast', async () => {
    await failWith(401, { success: false, message: 'Please sign in to continue.', code: 'UNAUTHORIZED' });
    expectSignedOut();
    expect(document.cookie).not.toContain('xAuthToken=tok_live');
    await expectNoToast();
  });

  it('403: a warning toast', async () => {
    await failWith(403, { success: false, message: 'You are not allowed to do that.', code: 'FORBIDDEN' });
    const message = await screen.findByText('You are not allowed to do that.');
    expect(message.closest('.Toastify__toast')).toHaveClass('Toastify__toast--warning');
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('tok_live');
  });

  it('500: an error toast', async () => {
    await failWith(500, { success: false, message: 'Something went wrong on our side.', code: 'INTERNAL' });
    const message = await screen.findByText('Something went wrong on our side.');
    expect(message.closest('.Toastify__toast')).toHaveClass('Toastify__toast--error');
  });

  it.each([404, 409, 422, 429])('%i: no toast, nothing else changes', async (status) => {
    await failWith(status, { success: false, message: `Status ${status}`, code: 'X' });
    await expectNoToast();
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('tok_live');
    expect(navigate).not.toHaveBeenCalled();
  });

  it('no response: an error toast about the connection', async () => {
    mockNetworkDown();
    await act(async () => {
      await store.dispatch(probeApi.endpoints.handlerProbe.initiate());
    });
    expect(await screen.findByText(NETWORK_ERROR_MESSAGE)).toBeInTheDocument();
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('tok_live');
  });

  it('stays out when the caller passes skipErrorHandler', async () => {
    const quietApi = api.injectEndpoints({
      endpoints: (build) => ({
        errorHandlingQuietProbe: build.query<unknown, void>({ query: () => 'v1/probe', extraOptions: { skipErrorHandler: true } }),
      }),
    });
    mockApi({ 'GET v1/probe': { status: 401, body: { success: false, message: 'Invalid e-mail or password.', code: 'UNAUTHORIZED' } } });
    await act(async () => {
      await store.dispatch(quietApi.endpoints.errorHandlingQuietProbe.initiate());
    });
    expect(storage.get(AUTH_TOKEN_KEY)).toBe('tok_live');
    await expectNoToast();
  });

  it('shows toasts dark, top-right', async () => {
    act(() => handleApiError({ status: 500, data: { success: false, message: 'Boom.', code: 'INTERNAL' } }, store.dispatch));
    const message = await screen.findByText('Boom.');
    expect(message.closest('.Toastify__toast')).toHaveClass('Toastify__toast-theme--dark');
    expect(message.closest('.Toastify__toast-container')).toHaveClass('Toastify__toast-container--top-right');
  });
});
