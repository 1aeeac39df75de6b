import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeApiStore } from '../../test/api-store.ts';
import { mockApi } from '../../test/mock-api.ts';
import { settingsFixture, settingsReply } from '../../test/fixtures/site.ts';
import { settingsApi } from './site-data/settings.ts';
import { api } from './api.ts';
import { selectIsLoading } from './loading-slice.ts';

// Throwaway endpoints, to see the base query's rules.
const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    testProbe: build.query<unknown, void>({ query: () => 'v1/probe' }),
    quietProbe: build.query<unknown, void>({ query: () => 'v1/quiet-probe', extraOptions: { skipErrorHandler: true } }),
    postProbe: build.mutation<unknown, void>({ query: () => ({ url: 'v1/post-probe', method: 'POST' }) }),
  }),
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('api base query', () => {
  it('sends the session token as x-auth-token and the ngrok header on GET', async () => {
    const net = mockApi({ 'GET v1/settings': settingsReply() });
    const store = makeApiStore({}, { token: 'tok_abc' });

    const result = await store.dispatch(settingsApi.endpoints.siteSettings.initiate());

    expect(result.data?.companyName).toBe(settingsFixture.companyName);
    const request = net.find('GET v1/settings')!;
    expect(request.headers.get('x-auth-token')).toBe('tok_abc');
    expect(request.headers.get('ngrok-skip-browser-warning')).toBe('1');
  });

  it('sends no token when there is none', async () => {
    const net = mockApi({ 'GET v1/settings': settingsReply() });
    await makeApiStore().dispatch(settingsApi.endpoints.siteSettings.initiate());
    expect(net.find('GET v1/settings')!.headers.has('x-auth-token')).toBe(false);
  });

  it('does not send the ngrok header on POST', async () => {
    const net = mockApi({ 'POST v1/post-probe': { body: { success: true } } });
    await makeApiStore({}, { token: 'tok_abc' }).dispatch(probeApi.endpoints.postProbe.initiate());
    const request = net.find('POST v1/post-probe')!;
    expect(request.headers.has('ngrok-skip-browser-warning')).toBe(false);
    expect(request.headers.get('x-auth-token')).toBe('tok_abc');
  });

  it('turns a {success:false} body into an error even with status 200', async () => {
    mockApi({ 'GET v1/quiet-probe': { status: 200, body: { success: false, message: 'Profile unavailable.', code: 'X' } } });
    const result = await makeApiStore().dispatch(probeApi.endpoints.quietProbe.initiate());
    expect(result.isError).toBe(true);
    expect(result.error).toEqual({ status: 200, data: { success: false, message: 'Profile unavailable.', code: 'X' } });
  });

  it('keeps the loading flag on while a call is in flight', async () => {
    let answer!: () => void;
    mockApi({
      'GET v1/probe': () => new Promise((resolve) => (answer = () => resolve({ body: { success: true, data: 1 } }))),
    });
    const store = makeApiStore();
    const pending = store.dispatch(probeApi.endpoints.testProbe.initiate());
    await vi.waitFor(() => expect(answer).toBeTypeOf('function'), { timeout: 15_000 });
    expect(selectIsLoading(store.getState())).toBe(true);
    answer();
    await pending;
    expect(selectIsLoading(store.getState())).toBe(false);
  });
});
