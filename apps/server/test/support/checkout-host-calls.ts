// Calls to the hosted checkout's HTTP API as a merchant (x-merchant-key) or its page (x-session-key) makes them,
// answering the status, the JSON body ({} when the body is not JSON), the raw text and Retry-After. `from` is
// the shopper's address as a proxy in front of the host would forward it (x-forwarded-for).
export interface HostAnswer {
  status: number;
  json: Record<string, unknown>;
  text: string;
  retryAfter: string | null;
}
export type HostCall = (
  method: string,
  path: string,
  opts?: { key?: string; session?: string; from?: string; body?: unknown },
) => Promise<HostAnswer>;

/** `origin` is read on each call: the host listens once the test app has started. */
export function hostCaller(origin: () => string): HostCall {
  return async (method, path, opts = {}) => {
    const res = await fetch(`${origin().replace('localhost', '127.0.0.1')}${path}`, {
      method,
      headers: {
        ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(opts.key ? { 'x-merchant-key': opts.key } : {}),
        ...(opts.session ? { 'x-session-key': opts.session } : {}),
        ...(opts.from ? { 'x-forwarded-for': opts.from } : {}),
      },
      body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
    });
    const text = await res.text();
    let json: Record<string, unknown> = {};
    try {
      json = JSON.parse(text) as Record<string, unknown>;
    } catch {
      /* not JSON */
    }
    return { status: res.status, json, text, retryAfter: res.headers.get('retry-after') };
  };
}
