// POST {api}/api/tokenize/iframe/config (SPEC §7): where the vault's tokenizer script and card frames are,
// with a configuration the vault signed for the origins asked (served by the hosted checkout:
// apps/checkout-host/src/tokenizer/routes.ts).
import { fetchWithTimeout } from './load-script.ts';

export const TOKENIZER_CONFIG_PATH = '/api/tokenize/iframe/config';

/** The request body (SPEC §3 "Tokenizer config request"): one of merchantId or checkoutJwt. */
export interface TokenizerConfigRequest {
  /** 1 to 5 origins that may frame the fields: the page's own and, for a nested page, every page above it. */
  origins: string[];
  /** A saved card's token: only the CVV is asked. */
  token?: string;
  merchantId?: string;
  checkoutJwt?: string;
}

export interface TokenizerConfig {
  tokenizerScriptUrl: string;
  vaultOrigin: string;
  cardNumberFrameUrl: string;
  cvvFrameUrl: string;
  /** ISO time after which the frame URLs stop working. */
  expiresAt: string;
  mode: 'card' | 'cvv';
  /**
   * The frame session the frame URLs carry: the vault takes a tokenization only with one. It lasts a few
   * minutes; the card fields ask for the config again shortly before `sessionExpiresAt` and hand the
   * frame the new one. Absent from hosts older than the frame sessions.
   */
  session?: string;
  sessionExpiresAt?: string;
}

/** A refused config request: the server's message, its status and the field it names. */
export class CardFieldsConfigError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
  ) {
    super(message);
    this.name = 'CardFieldsConfigError';
  }
}

/** `apiUrl`: the API's base URL without a trailing slash (apiBaseUrl). */
export async function fetchTokenizerConfig(
  apiUrl: string,
  request: TokenizerConfigRequest,
  { fetcher = fetch, timeoutMs }: { fetcher?: typeof fetch; timeoutMs: number },
): Promise<TokenizerConfig> {
  const body: Record<string, unknown> = { origins: request.origins };
  // The server refuses unknown and empty fields: send only what is set.
  for (const key of ['token', 'merchantId', 'checkoutJwt'] as const) if (request[key]) body[key] = request[key];
  const res = await fetchWithTimeout(
    fetcher,
    `${apiUrl}${TOKENIZER_CONFIG_PATH}`,
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) },
    timeoutMs,
  );
  const json = (await res.json().catch(() => null)) as {
    success?: boolean;
    data?: TokenizerConfig;
    message?: string;
    field?: string;
  } | null;
  if (!res.ok || !json?.success || !json.data) {
    throw new CardFieldsConfigError(json?.message ?? `Card fields configuration failed (${res.status})`, res.status, json?.field);
  }
  return json.data;
}
