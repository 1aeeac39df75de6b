// The built-in Square sandbox: an HTTP server on a loopback port that speaks the part of Square's v2
// REST API the store uses (customers, cards on file, payments, refunds), in Square's JSON shapes and
// with Square's error shape {errors: [{category, code, detail}]}, honouring idempotency keys. The store's
// SquareClient talks to it exactly as to Square (ADR 013). It plays Square, so it reads cards from our
// vault in-process (a source_id that is a vault token), like the card sandbox does (ADR 010), and it
// sends Square-signed webhook events (payment.updated, refund.updated) to the store's webhook.
// This file holds the server itself: Square's bearer-token check, its answers for an unknown route and a
// failure, and the lifecycle; the APIs are in customer-routes.ts, payment-routes.ts and refund-routes.ts.
import Fastify, { type FastifyInstance } from 'fastify';
import type { Db } from '../../../../db/client.ts';
import type { Vault } from '../../../vault/vault.ts';
import { createBook } from './book.ts';
import { createCardSources } from './card-sources.ts';
import { registerCustomerRoutes } from './customer-routes.ts';
import { registerPaymentRoutes } from './payment-routes.ts';
import { registerRefundRoutes } from './refund-routes.ts';
import { createSettlement } from './settlement.ts';
import { squareError } from './shapes.ts';
import { createWebhookSender, type WebhookSender } from './webhooks.ts';

export interface SquareSandboxOptions {
  db: Db;
  vault: Vault;
  /** The sandbox's location; the store's SquareClient sends it with each payment. */
  locationId: string;
  /** What a caller must send as its bearer token. */
  accessToken: string;
  /** Delivers one signed event to the store's webhook; answers the HTTP status. */
  deliver: (rawBody: string, signature: string) => Promise<number>;
  signatureKey: string;
  notificationUrl: string;
  /** Loopback port; 0 for any free one. */
  port: number;
  /** A PENDING payment (the pending test card) is completed this long after it was made; null: only by settle(). */
  autoSettleMs: number | null;
}

export interface SquareSandbox {
  /** The base URL the SquareClient is pointed at (http://127.0.0.1:<port>). */
  url(): string;
  start(): Promise<void>;
  /** Stops listening and lets the webhook deliveries in flight end. */
  close(): Promise<void>;
  /** The webhook sender (tests send events of their own with Square's signature). */
  webhooks: WebhookSender;
  /**
   * Completes a PENDING payment, as Square does after its review, and answers its payment.updated event
   * (queued to the store's webhook too when `deliver`); null when the payment is not pending.
   */
  settle(paymentId: string, deliver: boolean): Promise<{ rawBody: string; signature: string } | null>;
}

export function createSquareSandbox(options: SquareSandboxOptions): SquareSandbox {
  const { db, vault, locationId, accessToken, port } = options;
  const book = createBook(db);
  const webhooks = createWebhookSender({
    deliver: options.deliver,
    signatureKey: options.signatureKey,
    notificationUrl: options.notificationUrl,
  });
  const cards = createCardSources(vault);
  const settlement = createSettlement(book, webhooks);
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  let baseUrl = '';

  // Every call carries the access token, as Square requires.
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${accessToken}`)
      return reply.status(401).send(squareError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.'));
  });

  registerCustomerRoutes(app, { book, cards });
  registerPaymentRoutes(app, {
    book,
    cards,
    webhooks,
    locationId,
    onHeld: (paymentId) => {
      if (options.autoSettleMs !== null) settlement.settleLater(paymentId, options.autoSettleMs);
    },
  });
  registerRefundRoutes(app, { book, webhooks, locationId });

  app.setNotFoundHandler((request, reply) =>
    reply
      .status(404)
      .send(
        squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', `The sandbox does not serve ${request.method} ${request.url.split('?')[0]}.`),
      ),
  );
  app.setErrorHandler((err, _request, reply) => {
    const status = (err as { statusCode?: number }).statusCode;
    const message = err instanceof Error ? err.message : 'Bad request.';
    if (status && status < 500) return reply.status(status).send(squareError('INVALID_REQUEST_ERROR', 'BAD_REQUEST', message));
    return reply.status(500).send(squareError('API_ERROR', 'INTERNAL_SERVER_ERROR', 'The sandbox failed to answer.'));
  });

  return {
    url: () => baseUrl,
    webhooks,
    settle: settlement.settle,
    async start() {
      await app.listen({ port, host: '127.0.0.1' });
      const address = app.server.address();
      baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
    },
    async close() {
      settlement.stop();
      await app.close();
      await webhooks.close();
    },
  };
}
