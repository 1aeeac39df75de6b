import { test, expect, vi } from 'vitest';
import { fetchBaseQuery } from '@reduxjs/toolkit/query';
test('req', async () => {
  const f = vi.fn(async (req: Request) => { return new Response(JSON.stringify({ url: req.url, h: req.headers.get('x-a') }), { headers: { 'content-type': 'application/json' } }); });
  vi.stubGlobal('fetch', f);
  const Base = globalThis.Request;
  class RelativeRequest extends Base { constructor(input: RequestInfo | URL, init?: RequestInit) { super(typeof input === 'string' ? new URL(input, location.href).href : input, init); } }
  vi.stubGlobal('Request', RelativeRequest);
  const bq = fetchBaseQuery({ baseUrl: '/api/' });
  const r = await bq({url:'v1/x', headers: {'x-a': '1'}}, { signal: new AbortController().signal, dispatch: () => {}, getState: () => ({}), abort: () => {}, extra: undefined, endpoint: 'x', type: 'query' } as never, {});
  console.log(JSON.stringify(r), typeof Request, location.href);
  expect(1).toBe(1);
});
