// An HTTP client of the hosted checkout's merchant API (issue 11 contract, ADR 020): the storefront is a
// merchant like any other, whether the host is our in-process one or one elsewhere (CHECKOUT_API_URL).
// Every call gives up after CHECKOUT_TIMEOUT_MS; the payments core then looks the payment up.
import { z } from 'zod';
import { MERCHANT_KEY_HEADER } from './names.ts';

export const CHECKOUT_TIMEOUT_MS = 15_000;
/**
 * A hold is told from inside a shopper's request (the one that went over the card-attempt limit): it waits
 * this long at most, then the request goes on without it (the host's own limits still count).
 */
export const CARD_HOLD_TIMEOUT_MS = 3_000;

/** What the storefront needs to talk to the host as its merchant. */
export interface MerchantAccess {
  /** The host's origin (its merchant API and its purchase-v2 page). */
  apiUrl: string;
  merchantId: string;
  apiKey: string;
  webhookSecret: string;
}

/** The host answered with an error envelope (status and its code). */
export class MerchantApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

const sessionCreated = z.object({ sessionId: z.string().min(1), sessionKey: z.string().min(1), expiresAt: z.string().optional() });
export type SessionCreated = z.infer<typeof sessionCreated>;

export const sessionStatus = z.enum(['open', 'processing', 'authorized', 'paid', 'declined', 'expired', 'refunded', 'voided']);
const sessionView = z.object({
  sessionId: z.string(),
  reference: z.string(),
  status: sessionStatus,
  amountCents: z.number().int(),
  currency: z.string(),
  method: z.string().nullish(),
  chain: z.string().nullish(),
  txId: z.string().nullish(),
  paidAt: z.string().nullish(),
  /** Beyond the contract's minimum: why a declined session was declined, when the host says. */
  code: z.string().nullish(),
  reason: z.string().nullish(),
});
export type SessionView = z.infer<typeof sessionView>;

const refundAnswer = z.object({ status: z.enum(['refunded', 'declined']), reason: z.string().nullish() });
const holdAnswer = z.object({ customerId: z.string(), until: z.string() });

export interface CreateSessionInput {
  reference: string;
  amountCents: number;
  currency: 'USD';
  customer: { id: string; email: string };
  allowedPaymentMethods?: ('card' | 'usdc' | 'ach')[];
  metadata?: Record<string, string>;
}

export interface MerchantApi {
  /** Creates the session of a reference, or rotates its key while it is open (same sessionId, new key). */
  createSession(input: CreateSessionInput): Promise<SessionCreated>;
  /** The session of a reference; null when the host has none. */
  sessionByReference(reference: string): Promise<SessionView | null>;
  refund(sessionId: string): Promise<z.infer<typeof refundAnswer>>;
  /** No card payment of the customer's sessions is taken until `until` (a later hold only extends it). */
  holdCardPayments(customerId: string, until: Date): Promise<void>;
}

export function createMerchantApi(access: () => Promise<MerchantAccess>, timeoutMs = CHECKOUT_TIMEOUT_MS): MerchantApi {
  async function call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: (merchantId: string) => string,
    schema: z.ZodType<T>,
    body?: unknown,
    timeout = timeoutMs,
  ) {
    const { apiUrl, merchantId, apiKey } = await access();
    const url = `${apiUrl.replace(/\/+$/, '')}${path(encodeURIComponent(merchantId))}`;
    const res = await fetch(url, {
      method,
      headers: { [MERCHANT_KEY_HEADER]: apiKey, accept: 'application/json', ...(body ? { 'content-type': 'application/json' } : {}) },
      body: body ? JSON.stringify(body) : undefined,
      signal: AbortSignal.timeout(timeout),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    if (!res.ok) {
      const envelope = json as { code?: unknown; message?: unknown } | undefined;
      throw new MerchantApiError(
        res.status,
        typeof envelope?.code === 'string' ? envelope.code : 'HTTP_' + res.status,
        typeof envelope?.message === 'string' ? envelope.message : `The checkout host answered ${res.status}.`,
      );
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) throw new Error(`The checkout host's answer to ${method} ${path('{merchant}')} is not what was expected.`);
    return parsed.data;
  }

  return {
    createSession: (input) => call('POST', (m) => `/api/merchants/${m}/sessions`, sessionCreated, input),
    async sessionByReference(reference) {
      try {
        return await call('GET', (m) => `/api/merchants/${m}/sessions/by-reference/${encodeURIComponent(reference)}`, sessionView);
      } catch (err) {
        if (err instanceof MerchantApiError && err.status === 404) return null;
        throw err;
      }
    },
    refund: (sessionId) => call('POST', (m) => `/api/merchants/${m}/sessions/${encodeURIComponent(sessionId)}/refund`, refundAnswer, {}),
    async holdCardPayments(customerId, until) {
      const path = (m: string) => `/api/merchants/${m}/customers/${encodeURIComponent(customerId)}/card-hold`;
      await call('PUT', path, holdAnswer, { until: until.toISOString() }, Math.min(timeoutMs, CARD_HOLD_TIMEOUT_MS));
    },
  };
}
