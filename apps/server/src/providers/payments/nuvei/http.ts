// One call to Nuvei's REST API: POST {base}/{method}.do with a JSON body, a JSON answer, and a timeout
// (every external call has one). Shared by every Nuvei client (cards, bank accounts, payouts, UPOs), each
// throwing its own error class so its callers can tell which provider failed.

/** Where Nuvei's REST API is, and how long a call may take. */
export interface NuveiEndpoint {
  /** e.g. https://ppp-test.nuvei.com/ppp/api/v1 */
  baseUrl: string;
  fetch?: typeof fetch;
  /** A call that takes longer is abandoned (the caller reports the provider as not answering). */
  timeoutMs?: number;
}

export const NUVEI_DEFAULT_TIMEOUT_MS = 30_000;

/** A poster for one client: a non-2xx answer throws `toError(message)`; a 2xx one is returned as parsed. */
export function nuveiPoster(endpoint: NuveiEndpoint, toError: (message: string) => Error) {
  const doFetch = endpoint.fetch ?? fetch;
  const base = endpoint.baseUrl.replace(/\/+$/, '');
  return async function post<T>(method: string, body: Record<string, unknown>): Promise<T> {
    const res = await doFetch(`${base}/${method}.do`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(endpoint.timeoutMs ?? NUVEI_DEFAULT_TIMEOUT_MS),
    });
    if (!res.ok) throw toError(`Nuvei ${method} answered HTTP ${res.status}`);
    return (await res.json()) as T;
  };
}
