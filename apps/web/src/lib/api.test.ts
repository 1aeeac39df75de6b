import { afterEach, describe, expect, it, vi } from 'vitest';
import { AUTH_TOKEN_KEY, TRANSACTION_LIMIT_KEY } from '@store/shared';
import { makeStore } from '../app/store.ts';
import { mockApi } from '../app/testing/mock-api.ts';
import { settingsFixture } from '../app/testing/fixtures.ts';
import { settingsApi } from './site-data/settings.ts';
import { conversionRateApi } from '../app/header-data/get-conversion-rate.ts';
import { logoutApi } from '../features/user/api/logout.ts';
import { getUserApi } from '../features/user/api/get-user.ts';
import { api } from './api.ts';
import { selectIsLoading } from './loading-slice.ts';
import { storage } from './storage.ts';

// A throwaway endpoint that goes through the shared handler, to see the base query's rules.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    testProbe: build.query<unknown, void>({ query: () => 'v1/probe' }),
  }),
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api base query', () => {
  it('sends the stored token as x-auth-token and the ngrok header on GET', async () => {
    storage.set(AUTH_TOKEN_KEY, 'tok_abc');
    const net = mockApi({ 'GET v1/settings': { body: { success: true, data: settingsFixture } } });
    const store = makeStore();

    const result = await store.dispatch(settingsApi.endpoints.siteSettings.initiate());

    expect(result.data?.companyName).toBe('Lucky Dragon Collective');
    const request = net.find('GET v1/settings')!;
    expect(request.headers.get('x-auth-token')).toBe('tok_abc');
    expect(request.headers.get('ngrok-skip-browser-warning')).toBe('1');
  });

  it('sends no token when there is none stored', async () => {
    const net = mockApi({ 'GET v1/settings': { body: { success: true, data: settingsFixture } } });
    await makeStore().dispatch(settingsApi.endpoints.siteSettings.initiate());
    expect(net.find('GET v1/settings')!.headers.has('x-auth-token')).toBe(false);
  });

  it('leaves the token off the conversion-rate call and stores transactionLimit', async () => {
    storage.set(AUTH_TOKEN_KEY, 'tok_abc');
    const net = mockApi({ 'GET v1/cart/convertionrate': { body: { success: true, data: 100, transactionLimit: 50000 } } });

    const result = await makeStore().dispatch(conversionRateApi.endpoints.headerConversionRate.initiate());

    expect(result.data?.data).toBe(100);
    expect(net.find('GET v1/cart/convertionrate')!.headers.has('x-auth-token')).toBe(false);
    expect(storage.get(TRANSACTION_LIMIT_KEY)).toBe(50000);
  });

  it('does not send the ngrok header on POST', async () => {
    storage.set(AUTH_TOKEN_KEY, 'tok_abc');
    const net = mockApi({ 'POST v1/auth/logout': { body: { success: true } } });
    await makeStore().dispatch(logoutApi.endpoints.userLogout.initiate());
    const request = net.find('POST v1/auth/logout')!;
    expect(request.headers.has('ngrok-skip-browser-warning')).toBe(false);
    expect(request.headers.get('x-auth-token')).toBe('tok_abc');
  });

  it('turns a {success:false} body into an error even with status 200', async () => {
    mockApi({ 'GET v1/getuser': { status: 200, body: { success: false, message: 'Profile unavailable.', code: 'X' } } });
    const result = await makeStore().dispatch(getUserApi.endpoints.userGetUser.initiate());
    expect(result.isError).toBe(true);
    expect(result.error).toEqual({ status: 200, data: { success: false, message: 'Profile unavailable.', code: 'X' } });
  });

  it('keeps the loading flag on while a call is in flight', async () => {
    let answer!: () => void;
    mockApi({
      'GET v1/probe': () => new Promise((resolve) => (answer = () => resolve({ body: { success: true, data: 1 } }))),
    });
    const store = makeStore();
    const pending = store.dispatch(probeApi.endpoints.testProbe.initiate());
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'));
    expect(selectIsLoading(store.getState())).toBe(true);
    answer();
    await pending;
    expect(selectIsLoading(store.getState())).toBe(false);
  });
});
