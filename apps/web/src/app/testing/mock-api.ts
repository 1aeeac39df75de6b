import { vi } from 'vitest';

// Fakes the network boundary (global fetch) with the server's real envelopes. Routes are keyed
// "METHOD path" with the path under /api/, e.g. "GET v1/getuser".

export interface Reply {
  status?: number;
  body: unknown;
}
export type Handler = Reply | ((request: Request) => Reply | Promise<Reply>);

export function mockApi(routes: Record<string, Handler>) {
  const requests: Request[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const request = input instanceof Request ? input : new Request(input, init);
    requests.push(request);
    const url = new URL(request.url);
    const key = `${request.method} ${url.pathname.replace(/^\/api\//, '')}`;
    const handler = routes[key] ?? { status: 404, body: { success: false, message: `No route ${key}`, code: 'NOT_FOUND' } };
    const reply = typeof handler === 'function' ? await handler(request) : handler;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    requests,
    /** "METHOD path" of every call so far, in order. */
    calls: () => requests.map((r) => `${r.method} ${new URL(r.url).pathname.replace(/^\/api\//, '')}`),
    find: (key: string) => requests.find((r) => `${r.method} ${new URL(r.url).pathname.replace(/^\/api\//, '')}` === key),
  };
}

/** A network that never answers: for "no response" rows. */
export function mockNetworkDown() {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}
