import { vi } from 'vitest';

// The network boundary (global fetch) answered with the server's envelopes. Routes are keyed
// 'METHOD path' with the path under /api/, e.g. 'GET v1/getuser'; anything else answers the server's 404.

export interface Reply {
  status?: number;
  body: unknown;
}

/** One call the page made. */
export interface ApiCall {
  /** 'METHOD path', e.g. 'GET v1/getuser'. */
  key: string;
  method: string;
  /** Path under /api/, e.g. 'v1/auth/login'. */
  path: string;
  search: URLSearchParams;
  /** The JSON body sent, parsed; undefined when there was none. */
  body: unknown;
  headers: Headers;
}

/** A reply, or a function of the call giving one (it may wait, or throw to play a network failure). */
export type Handler = Reply | ((call: ApiCall) => Reply | Promise<Reply>);

export function mockApi(routes: Record<string, Handler>) {
  const calls: ApiCall[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    const url = new URL(request.url);
    const text = await request.text();
    const path = url.pathname.replace(/^\/api\//, '');
    const call: ApiCall = {
      key: `${request.method} ${path}`,
      method: request.method,
      path,
      search: url.searchParams,
      body: text ? JSON.parse(text) : undefined,
      headers: request.headers,
    };
    calls.push(call);
    const handler = routes[call.key] ?? failure(404, `No route ${call.key}`, 'NOT_FOUND');
    const reply = typeof handler === 'function' ? await handler(call) : handler;
    return new Response(JSON.stringify(reply.body), { status: reply.status ?? 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    /** Every call so far, in order. */
    calls,
    /** 'METHOD path' of every call so far, in order. */
    keys: () => calls.map((call) => call.key),
    callsTo: (method: string, path: string) => calls.filter((call) => call.method === method && call.path === path),
    /** The first call to 'METHOD path'. */
    find: (key: string) => calls.find((call) => call.key === key),
  };
}

export type MockedApi = ReturnType<typeof mockApi>;

/** The failure envelope of DESIGN §1. */
export const failure = (status: number, message: string, code: string, field?: string): Reply => ({
  status,
  body: { success: false, message, code, ...(field ? { field } : {}) },
});

/** A network that never answers: for "no response" rows. */
export function mockNetworkDown() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}
