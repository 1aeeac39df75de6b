// A stand-in for Coinflow (COINFLOW_MODE=coinflow, ADR 041) on a loopback port, speaking the parts of its
// merchant API the store calls, as Coinflow's API reference documents them, and as strict as Coinflow:
//   every /api/ call needs `Authorization: <the merchant's API key>` (bare, no scheme), else 401
//   GET  /api/auth/session-key          needs x-coinflow-auth-user-id → { key }
//   POST /api/checkout/jwt-token        GetCheckoutLinkArgs (subtotal.cents a positive integer) → { checkoutJwtToken }
//   GET  /api/merchant/payments/{id}    the merchant's payment (IPayment's fields the store reads), else 404
//   PUT  /api/merchant/payments/{id}/refund  { refundReason } of Coinflow's RefundReason; a settled payment only
// and a stand-in for its purchase page's own call: the shopper pays under /{merchantId} with the session key
// and the checkout JWT; an unknown merchant, session key or JWT (or a JWT paid once already) is refused.
// Its webhooks are signed here, with this file's own HMAC (never the store's code): Coinflow-Signature
// t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>"> and Authorization = the validation key.
import { createHmac, randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';

const PAYMENT_METHODS = ['card', 'ach', 'fasterPayments', 'sepa', 'pix', 'usdc', 'googlePay', 'applePay', 'credits', 'crypto'];
const REFUND_REASONS = ['userCancellation', 'failedFulfillment', 'buyerFraud', 'other'];

export interface FakeJwtArgs {
  subtotal: { cents: number; currency?: string };
  email?: string;
  webhookInfo?: Record<string, unknown>;
  allowedPaymentMethods?: string[];
  [key: string]: unknown;
}

export interface FakeCoinflowPayment {
  paymentId: string;
  customerId: string;
  subtotalCents: number;
  webhookInfo: Record<string, unknown>;
  status: 'SETTLED' | 'FAILED' | 'REFUNDED';
}

export interface FakeDelivery {
  body: string;
  headers: Record<string, string>;
}

export interface FakeCoinflow {
  /** The API's origin (COINFLOW_API_URL). */
  apiUrl: string;
  /** The purchase page's origin (COINFLOW_CHECKOUT_URL): the same server under another host name. */
  pageUrl: string;
  merchantId: string;
  apiKey: string;
  validationKey: string;
  /** Session keys issued: key → the user id it was issued for. */
  sessionKeys: Map<string, { userId: string }>;
  /** Checkout JWTs issued: token → the arguments it holds. */
  jwts: Map<string, FakeJwtArgs>;
  payments: Map<string, FakeCoinflowPayment>;
  /** Every API call, with the Authorization it carried. */
  calls: { method: string; path: string; authorization: string | undefined }[];
  /** The page's call when the shopper pays with a card: the HTTP status, and the payment Coinflow made. */
  pay(args: { merchantId?: string; sessionKey: string; jwtToken: string; decline?: boolean }): Promise<{
    status: number;
    payment?: FakeCoinflowPayment;
  }>;
  /** The webhook Coinflow sends about a payment (Version 2 packet), signed both ways unless told otherwise. */
  webhook(
    eventType: string,
    payment: FakeCoinflowPayment,
    opts?: { signWith?: string; authorization?: string | null; signature?: boolean },
  ): FakeDelivery;
  close(): Promise<void>;
}

export async function startFakeCoinflow(): Promise<FakeCoinflow> {
  const merchantId = 'lucky-dragon-cf';
  const apiKey = `coinflow_sandbox_${randomBytes(16).toString('hex')}_${randomBytes(16).toString('hex')}`;
  const validationKey = randomBytes(24).toString('hex');
  const sessionKeys = new Map<string, { userId: string }>();
  const jwts = new Map<string, FakeJwtArgs>();
  const spent = new Set<string>();
  const payments = new Map<string, FakeCoinflowPayment>();
  const calls: FakeCoinflow['calls'] = [];
  const app = Fastify();

  const refuse = (reply: { status(code: number): { send(body: unknown): unknown } }, status: number, message: string) =>
    reply.status(status).send({ message });

  app.addHook('onRequest', async (req, reply) => {
    if (!req.url.startsWith('/api/')) return;
    const authorization = req.headers.authorization;
    calls.push({ method: req.method, path: req.url.split('?')[0]!, authorization });
    if (authorization !== apiKey) return refuse(reply, 401, 'Unauthorized');
  });

  app.get('/api/auth/session-key', async (req, reply) => {
    const userId = req.headers['x-coinflow-auth-user-id'];
    if (typeof userId !== 'string' || !userId) return refuse(reply, 400, 'x-coinflow-auth-user-id is required');
    const key = `${randomBytes(12).toString('base64url')}.${randomBytes(24).toString('base64url')}.${randomBytes(16).toString('base64url')}`;
    sessionKeys.set(key, { userId });
    return { key };
  });

  app.post<{ Body: FakeJwtArgs }>('/api/checkout/jwt-token', async (req, reply) => {
    const body = req.body as FakeJwtArgs | undefined;
    if (!body || typeof body !== 'object') return refuse(reply, 400, 'body is required');
    const cents = body.subtotal?.cents;
    if (!Number.isSafeInteger(cents) || cents <= 0) return refuse(reply, 400, 'subtotal.cents must be a positive integer');
    if (body.subtotal.currency !== undefined && typeof body.subtotal.currency !== 'string') return refuse(reply, 400, 'subtotal.currency');
    if (body.webhookInfo !== undefined && (typeof body.webhookInfo !== 'object' || Array.isArray(body.webhookInfo)))
      return refuse(reply, 400, 'webhookInfo must be an object');
    if (body.allowedPaymentMethods !== undefined && !body.allowedPaymentMethods.every((m) => PAYMENT_METHODS.includes(m)))
      return refuse(reply, 400, 'allowedPaymentMethods has an unknown method');
    const checkoutJwtToken = `eyJ${randomBytes(24).toString('base64url')}.${randomBytes(24).toString('base64url')}`;
    jwts.set(checkoutJwtToken, structuredClone(body));
    return { checkoutJwtToken };
  });

  const view = (p: FakeCoinflowPayment) => ({
    _id: randomUUID(),
    paymentId: p.paymentId,
    totals: {
      subtotal: { cents: p.subtotalCents, currency: 'USD' },
      creditCardFees: { cents: Math.round(p.subtotalCents * 0.03) + 30, currency: 'USD' },
      chargebackProtectionFees: { cents: 0, currency: 'USD' },
      gasFees: { cents: 0, currency: 'USD' },
      fxFees: { cents: 0, currency: 'USD' },
      total: { cents: p.subtotalCents + Math.round(p.subtotalCents * 0.03) + 30, currency: 'USD' },
    },
    customer: p.customerId,
    merchant: merchantId,
    chargebackProtectionDecision: 'approved',
    createdAt: new Date().toISOString(),
    webhookInfo: p.webhookInfo,
    cardInfo: { processor: 'fake', authCode: '000000', status: p.status },
  });

  app.get<{ Params: { id: string } }>('/api/merchant/payments/:id', async (req, reply) => {
    const payment = payments.get(req.params.id);
    if (!payment) return refuse(reply, 404, 'Payment not found');
    return view(payment);
  });

  app.put<{ Params: { id: string }; Body: { refundReason?: unknown } }>('/api/merchant/payments/:id/refund', async (req, reply) => {
    const reason = (req.body as { refundReason?: unknown } | undefined)?.refundReason;
    if (typeof reason !== 'string' || !REFUND_REASONS.includes(reason)) return refuse(reply, 400, 'refundReason is required');
    const payment = payments.get(req.params.id);
    if (!payment) return refuse(reply, 404, 'Payment not found');
    if (payment.status !== 'SETTLED') return refuse(reply, 400, 'Payment is not refundable');
    payment.status = 'REFUNDED';
    return reply.type('application/json').send(JSON.stringify(`RefundPipeline${payment.paymentId}`));
  });

  // The purchase page's own call (what Coinflow's page does when the shopper pays by card).
  app.post<{ Params: { merchant: string }; Body: { jwtToken?: string; decline?: boolean } }>('/page/:merchant/pay', async (req, reply) => {
    if (req.params.merchant !== merchantId) return refuse(reply, 404, 'Merchant not found');
    const key = req.headers['x-coinflow-auth-session-key'];
    const session = typeof key === 'string' ? sessionKeys.get(key) : undefined;
    if (!session) return refuse(reply, 401, 'Invalid session key');
    const jwtToken = req.body?.jwtToken;
    const args = jwtToken ? jwts.get(jwtToken) : undefined;
    if (!jwtToken || !args) return refuse(reply, 401, 'Invalid checkout jwt');
    if (spent.has(jwtToken)) return refuse(reply, 409, 'This checkout was paid already');
    const payment: FakeCoinflowPayment = {
      paymentId: randomUUID(),
      customerId: session.userId,
      subtotalCents: args.subtotal.cents,
      webhookInfo: args.webhookInfo ?? {},
      status: req.body.decline ? 'FAILED' : 'SETTLED',
    };
    payments.set(payment.paymentId, payment);
    if (!req.body.decline) spent.add(jwtToken);
    return payment;
  });

  await app.listen({ port: 0, host: '127.0.0.1' });
  const port = (app.server.address() as AddressInfo).port;
  const apiUrl = `http://127.0.0.1:${port}`;
  const pageUrl = `http://localhost:${port}`;

  return {
    apiUrl,
    pageUrl,
    merchantId,
    apiKey,
    validationKey,
    sessionKeys,
    jwts,
    payments,
    calls,
    async pay({ merchantId: merchant = merchantId, sessionKey, jwtToken, decline }) {
      const res = await fetch(`${apiUrl}/page/${encodeURIComponent(merchant)}/pay`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-coinflow-auth-session-key': sessionKey },
        body: JSON.stringify({ jwtToken, decline }),
      });
      return { status: res.status, payment: res.ok ? ((await res.json()) as FakeCoinflowPayment) : undefined };
    },
    webhook(eventType, payment, { signWith = validationKey, authorization = validationKey, signature = true } = {}) {
      const cents = (n: number) => ({ cents: n });
      // The payer pays the card fees on top of the merchant's subtotal.
      const fees = Math.round(payment.subtotalCents * 0.03) + 30;
      const usd = (n: number) => ({ cents: n, currency: 'USD' });
      // The Refund events carry RefundWebhookData: the payment by paymentId, amounts in totals.
      const refundData = {
        wallet: '',
        blockchain: 'solana',
        totals: {
          subtotal: usd(payment.subtotalCents),
          processorFees: usd(0),
          total: usd(payment.subtotalCents),
          rate: 1,
          resolution: usd(0),
        },
        paymentId: payment.paymentId,
        status: 'Settled',
        webhookInfo: payment.webhookInfo,
      };
      const body = JSON.stringify({
        eventType,
        category: 'Purchase',
        created: new Date().toISOString(),
        data: eventType.startsWith('Refund')
          ? refundData
          : {
              id: payment.paymentId,
              wallet: '',
              webhookInfo: payment.webhookInfo,
              subtotal: cents(payment.subtotalCents),
              fees: cents(fees),
              gasFees: cents(0),
              chargebackProtectionFees: cents(0),
              fxFees: cents(0),
              networkFees: cents(0),
              total: cents(payment.subtotalCents + fees),
              merchantId,
              customerId: payment.customerId,
              paymentMethod: 'card',
              ...(eventType === 'Card Payment Declined' ? { declineCode: '05', declineDescription: 'Do not honor' } : {}),
            },
      });
      const t = Math.floor(Date.now() / 1000);
      const v1 = createHmac('sha256', signWith).update(`${t}.${body}`).digest('hex');
      return {
        body,
        headers: {
          'content-type': 'application/json',
          ...(signature ? { 'Coinflow-Signature': `t=${t},v1=${v1}` } : {}),
          ...(authorization !== null ? { Authorization: authorization } : {}),
        },
      };
    },
    close: () => app.close(),
  };
}
