// A client of Coinflow's own merchant API (COINFLOW_MODE=coinflow, ADR 041), each call as Coinflow's API
// reference documents it (docs.coinflow.cash/api-reference; the OpenAPI document behind it):
//   GET  /api/auth/session-key                      Authorization: <API key>, x-coinflow-auth-user-id → { key }
//   POST /api/checkout/jwt-token                    Authorization; GetCheckoutLinkArgs → { checkoutJwtToken }
//   GET  /api/merchant/payments/{paymentId}         Authorization → IPayment
//   PUT  /api/merchant/payments/{paymentId}/refund  Authorization; { refundReason } → a number or a string
// The API key goes bare in Authorization (no scheme), as every example of Coinflow's does. Every call
// gives up after COINFLOW_TIMEOUT_MS; the payments core then looks the payment up.
import { z } from 'zod';
import { COINFLOW_USER_ID_HEADER } from './names.ts';

export const COINFLOW_TIMEOUT_MS = 15_000;

export interface CoinflowAccess {
  /** Coinflow's API origin (https://api-sandbox.coinflow.cash); the paths start with /api/. */
  apiUrl: string;
  apiKey: string;
}

/** Coinflow answered with an error status; its message when it gave one. */
export class CoinflowApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

const sessionKeyAnswer = z.object({ key: z.string().min(1) });
const jwtAnswer = z.object({ checkoutJwtToken: z.string().min(1) });
const cents = z.object({ cents: z.number().int(), currency: z.string().optional() });

/** The card and crypto statuses of Coinflow's IPayment (CardPaymentStatus, CryptoPaymentStatus). */
export const coinflowPaymentSchema = z.object({
  paymentId: z.string().min(1),
  totals: z.object({ subtotal: cents }).passthrough(),
  webhookInfo: z.unknown().optional(),
  cardInfo: z.object({ status: z.string() }).passthrough().optional(),
  cryptoInfo: z.object({ status: z.string() }).passthrough().optional(),
  refundInfo: z.object({ amount: cents.optional() }).passthrough().optional(),
  error: z.string().optional(),
});
export type CoinflowPayment = z.infer<typeof coinflowPaymentSchema>;
const refundAnswer = z.union([z.string(), z.number()]);

/** Coinflow's RefundReason. */
export type CoinflowRefundReason = 'userCancellation' | 'failedFulfillment' | 'buyerFraud' | 'other';

/** The part of Coinflow's GetCheckoutLinkArgs the store sends for a checkout JWT. */
export interface CheckoutJwtArgs {
  subtotal: { cents: number; currency: 'USD' };
  email: string;
  /** Echoed back in every webhook about the purchase: the store's payment id and order. */
  webhookInfo: Record<string, string>;
  allowedPaymentMethods: readonly string[];
  threeDsChallengePreference?: 'NoPreference' | 'Frictionless' | 'Challenge';
}

export interface CoinflowApi {
  /** A session key for the end user the store knows by `userId` (its customer id at Coinflow). */
  sessionKey(userId: string): Promise<string>;
  /** The checkout JWT that fixes the purchase's amount and webhook info (the page cannot change them). */
  checkoutJwt(args: CheckoutJwtArgs): Promise<string>;
  /** The payment by Coinflow's payment id; null when Coinflow has none. */
  payment(paymentId: string): Promise<CoinflowPayment | null>;
  refund(paymentId: string, reason: CoinflowRefundReason): Promise<void>;
}

export function createCoinflowApi(access: CoinflowAccess, timeoutMs = COINFLOW_TIMEOUT_MS): CoinflowApi {
  const base = access.apiUrl.replace(/\/+$/, '');
  async function call<T>(
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    schema: z.ZodType<T>,
    { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {},
  ): Promise<T> {
    const res = await fetch(`${base}${path}`, {
      method,
      headers: {
        Authorization: access.apiKey,
        accept: 'application/json',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(timeoutMs),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = text;
    }
    if (!res.ok) {
      const said = (json as { message?: unknown } | undefined)?.message;
      throw new CoinflowApiError(res.status, typeof said === 'string' && said ? said.slice(0, 300) : `Coinflow answered ${res.status}.`);
    }
    const parsed = schema.safeParse(json);
    // The path names ids only; no key or token is in it.
    if (!parsed.success) throw new Error(`Coinflow's answer to ${method} ${path.replace(/\/[^/]+$/, '/…')} is not what was expected.`);
    return parsed.data;
  }

  return {
    sessionKey: async (userId) =>
      (await call('GET', '/api/auth/session-key', sessionKeyAnswer, { headers: { [COINFLOW_USER_ID_HEADER]: userId } })).key,
    checkoutJwt: async (args) => (await call('POST', '/api/checkout/jwt-token', jwtAnswer, { body: args })).checkoutJwtToken,
    async payment(paymentId) {
      try {
        return await call('GET', `/api/merchant/payments/${encodeURIComponent(paymentId)}`, coinflowPaymentSchema);
      } catch (err) {
        if (err instanceof CoinflowApiError && err.status === 404) return null;
        throw err;
      }
    },
    async refund(paymentId, reason) {
      await call('PUT', `/api/merchant/payments/${encodeURIComponent(paymentId)}/refund`, refundAnswer, { body: { refundReason: reason } });
    },
  };
}
