// A stand-in for a hosted checkout elsewhere (CHECKOUT_API_URL), speaking the merchant API of the issue 11
// contract over real HTTP on a loopback port, so the storefront's provider is tested as the client it is,
// whatever host it talks to. It keeps its sessions in memory and signs webhook events as the host does.
import { randomBytes, randomUUID } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify from 'fastify';
import { checkoutSignatureHeader } from '../../src/providers/payments/coinflow/signature.ts';

export interface FakeSession {
  sessionId: string;
  reference: string;
  sessionKey: string;
  /** Every key the session was given, oldest first. */
  keys: string[];
  amountCents: number;
  currency: string;
  customer: { id: string; email: string };
  metadata: Record<string, string>;
  status: 'open' | 'processing' | 'paid' | 'declined' | 'expired' | 'refunded';
}

export interface FakeCheckoutHost {
  url: string;
  merchantId: string;
  apiKey: string;
  webhookSecret: string;
  sessions: Map<string, FakeSession>;
  /** The merchant's holds on its customers' card payments (PUT .../card-hold): customer id → until (ISO). */
  holds: Map<string, string>;
  /** The next this many hold requests answer 503 (a host that is down). */
  failHolds: number;
  byReference(reference: string): FakeSession | undefined;
  /** The session is paid at the host (no webhook sent); the webhook event the host would send, signed. */
  pay(reference: string, at?: Date): { body: string; headers: Record<string, string> };
  /** An event about the session, signed at `at`. */
  event(type: string, reference: string, at?: Date, extra?: Record<string, unknown>): { body: string; headers: Record<string, string> };
  close(): Promise<void>;
}

export async function startFakeCheckoutHost(): Promise<FakeCheckoutHost> {
  const merchantId = 'lucky-dragon';
  const apiKey = `mk_${randomBytes(18).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(18).toString('hex')}`;
  const sessions = new Map<string, FakeSession>();
  const holds = new Map<string, string>();
  const byReference = (reference: string) => [...sessions.values()].find((s) => s.reference === reference);
  const app = Fastify();
  app.addHook('onRequest', async (req, reply) => {
    if (req.headers['x-merchant-key'] !== apiKey)
      return reply.status(401).send({ success: false, message: 'Bad key.', code: 'UNAUTHORIZED' });
  });
  app.post<{ Params: { m: string }; Body: Omit<FakeSession, 'sessionId' | 'sessionKey' | 'keys' | 'status'> }>(
    '/api/merchants/:m/sessions',
    async (req, reply) => {
      const body = req.body;
      const existing = byReference(body.reference);
      const sessionKey = `sk_${randomBytes(16).toString('hex')}`;
      if (existing) {
        if (existing.status !== 'open')
          return reply.status(409).send({ success: false, message: 'Session closed.', code: 'SESSION_CLOSED' });
        if (existing.amountCents !== body.amountCents)
          return reply.status(409).send({ success: false, message: 'Other amount.', code: 'AMOUNT_MISMATCH', field: 'amountCents' });
        existing.sessionKey = sessionKey;
        existing.keys.push(sessionKey);
        return reply
          .status(201)
          .send({ sessionId: existing.sessionId, sessionKey, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
      }
      const session: FakeSession = {
        sessionId: `cs_${randomUUID()}`,
        reference: body.reference,
        sessionKey,
        keys: [sessionKey],
        amountCents: body.amountCents,
        currency: body.currency,
        customer: body.customer,
        metadata: body.metadata ?? {},
        status: 'open',
      };
      sessions.set(session.sessionId, session);
      return reply
        .status(201)
        .send({ sessionId: session.sessionId, sessionKey, expiresAt: new Date(Date.now() + 3_600_000).toISOString() });
    },
  );
  app.get<{ Params: { m: string; ref: string } }>('/api/merchants/:m/sessions/by-reference/:ref', async (req, reply) => {
    const s = byReference(req.params.ref);
    if (!s) return reply.status(404).send({ success: false, message: 'No session.', code: 'NOT_FOUND' });
    return { sessionId: s.sessionId, reference: s.reference, status: s.status, amountCents: s.amountCents, currency: s.currency };
  });
  app.post<{ Params: { m: string; id: string } }>('/api/merchants/:m/sessions/:id/refund', async (req, reply) => {
    const s = sessions.get(req.params.id);
    if (!s) return reply.status(404).send({ success: false, message: 'No session.', code: 'NOT_FOUND' });
    if (s.status !== 'paid') return { status: 'declined', reason: 'not paid' };
    s.status = 'refunded';
    return { status: 'refunded' };
  });
  app.put<{ Params: { m: string; c: string }; Body: { until: string } }>('/api/merchants/:m/customers/:c/card-hold', async (req, reply) => {
    if (fake.failHolds > 0) {
      fake.failHolds--;
      return reply.status(503).send({ success: false, message: 'Down.', code: 'UNAVAILABLE' });
    }
    const until = [holds.get(req.params.c), req.body.until].filter(Boolean).sort().at(-1)!;
    holds.set(req.params.c, until);
    return { customerId: req.params.c, until };
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

  const event = (type: string, reference: string, at = new Date(), extra: Record<string, unknown> = {}) => {
    const s = byReference(reference);
    if (!s) throw new Error(`no session for ${reference}`);
    const id = `evt_${randomUUID()}`;
    const body = JSON.stringify({
      id,
      type,
      createdAt: at.toISOString(),
      data: { sessionId: s.sessionId, reference, amountCents: s.amountCents, currency: s.currency, method: 'card', ...extra },
    });
    return {
      body,
      headers: {
        'content-type': 'application/json',
        'x-checkout-signature': checkoutSignatureHeader(webhookSecret, body, at),
        'x-checkout-event-id': id,
      },
    };
  };
  const fake: FakeCheckoutHost = {
    url,
    merchantId,
    apiKey,
    webhookSecret,
    sessions,
    holds,
    failHolds: 0,
    byReference,
    pay(reference, at) {
      byReference(reference)!.status = 'paid';
      return event('payment.approved', reference, at);
    },
    event,
    close: () => app.close(),
  };
  return fake;
}
