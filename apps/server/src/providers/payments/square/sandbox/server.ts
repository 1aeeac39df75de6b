// The built-in Square sandbox: an HTTP server on a loopback port that speaks the part of Square's v2
// REST API the store uses (customers, cards on file, payments, refunds), in Square's JSON shapes and
// with Square's error shape {errors: [{category, code, detail}]}, honouring idempotency keys. The store's
// SquareClient talks to it exactly as to Square (ADR 013). It plays Square, so it reads cards from our
// vault in-process (a source_id that is a vault token), like the card sandbox does (ADR 010), and it
// sends Square-signed webhook events (payment.updated, refund.updated) to the store's webhook.
import { randomBytes } from 'node:crypto';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import type { Db } from '../../../../db/client.ts';
import type { Vault, VaultCard } from '../../../vault/vault.ts';
import { createBook, type SquareJson, type StoredObject } from './book.ts';
import { createWebhookSender, type WebhookSender } from './webhooks.ts';
import { declineForNumber, SQUARE_SANDBOX_CARDS, SQUARE_TEST_TOKENS, type SandboxDecline } from './test-cards.ts';

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

const MERCHANT_ID = 'SANDBOX_MERCHANT';
const squareId = (length = 22) => randomBytes(24).toString('base64url').replace(/[-_]/g, 'x').slice(0, length);
const now = () => new Date().toISOString();

/** Square's brand names for our vault's. */
const BRANDS: Record<VaultCard['brand'], string> = {
  visa: 'VISA',
  masterCard: 'MASTERCARD',
  americanExpress: 'AMERICAN_EXPRESS',
  discover: 'DISCOVER',
  unknown: 'OTHER_BRAND',
};

type ErrorCategory = 'API_ERROR' | 'AUTHENTICATION_ERROR' | 'INVALID_REQUEST_ERROR' | 'PAYMENT_METHOD_ERROR';
const squareError = (category: ErrorCategory, code: string, detail: string, field?: string) => ({
  errors: [{ category, code, detail, ...(field ? { field } : {}) }],
});

/** The card a source stands for, as Square would describe it, or its decline; null when Square would not know the source. */
interface ResolvedCard {
  card: { card_brand: string; last_4: string; exp_month: number; exp_year: number; fingerprint: string; card_type: 'CREDIT'; bin: string };
  decline: SandboxDecline | null;
  /** Held PENDING until settled (the pending test card). */
  pending: boolean;
  /** How the sandbox finds the card again (a saved card): the vault token or the test token. Never the number. */
  privateRef: { vaultToken?: string; testToken?: string };
}

export function createSquareSandbox(options: SquareSandboxOptions): SquareSandbox {
  const { db, vault, locationId, accessToken, port } = options;
  const book = createBook(db);
  const webhooks = createWebhookSender({
    deliver: options.deliver,
    signatureKey: options.signatureKey,
    notificationUrl: options.notificationUrl,
  });
  const app: FastifyInstance = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  let baseUrl = '';

  const testCard = (testToken: string, decline: SandboxDecline | null): ResolvedCard => ({
    card: {
      card_brand: 'VISA',
      last_4: '1111',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 5,
      fingerprint: 'sq-1-test-visa-1111',
      card_type: 'CREDIT',
      bin: '411111',
    },
    decline,
    pending: false,
    privateRef: { testToken },
  });

  async function fromVault(vaultToken: string): Promise<ResolvedCard | null> {
    const card = await vault.detokenize(vaultToken);
    if (!card) return null;
    const nowDate = new Date();
    const expired = card.expYear * 12 + (card.expMonth - 1) < nowDate.getUTCFullYear() * 12 + nowDate.getUTCMonth();
    return {
      card: {
        card_brand: BRANDS[card.brand],
        last_4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        fingerprint: `sq-1-${vault.fingerprint(card.number).slice(0, 40)}`,
        card_type: 'CREDIT',
        bin: card.number.slice(0, 6),
      },
      decline: expired ? { code: 'INVALID_EXPIRATION', detail: 'Authorization error: INVALID_EXPIRATION' } : declineForNumber(card.number),
      pending: card.number === SQUARE_SANDBOX_CARDS.pending,
      privateRef: { vaultToken },
    };
  }

  /** A one-time token: one of Square's test tokens, or our vault's token (the sandbox's card fields). */
  async function resolveToken(sourceId: string): Promise<ResolvedCard | null> {
    if (sourceId in SQUARE_TEST_TOKENS) return testCard(sourceId, SQUARE_TEST_TOKENS[sourceId]!);
    if (sourceId.startsWith('card_')) return fromVault(sourceId);
    return null;
  }

  /** A saved card again from what the sandbox kept of it. */
  async function resolveSaved(card: StoredObject): Promise<ResolvedCard | null> {
    const ref = card.private as ResolvedCard['privateRef'];
    if (ref.testToken) return testCard(ref.testToken, SQUARE_TEST_TOKENS[ref.testToken] ?? null);
    return ref.vaultToken ? fromVault(ref.vaultToken) : null;
  }

  function send(reply: FastifyReply, answer: { status: number; body: SquareJson } | 'reused') {
    if (answer === 'reused')
      return reply
        .status(400)
        .send(
          squareError(
            'INVALID_REQUEST_ERROR',
            'IDEMPOTENCY_KEY_REUSED',
            'The idempotency key can only be retried with the same request data.',
          ),
        );
    return reply.status(answer.status).send(answer.body);
  }

  const str = (value: unknown) => (typeof value === 'string' && value.length > 0 ? value : undefined);
  const required = (reply: FastifyReply, field: string) =>
    reply.status(400).send(squareError('INVALID_REQUEST_ERROR', 'MISSING_REQUIRED_PARAMETER', `Field must be set`, field));

  // Every call carries the access token, as Square requires.
  app.addHook('onRequest', async (request, reply) => {
    if (request.headers.authorization !== `Bearer ${accessToken}`)
      return reply.status(401).send(squareError('AUTHENTICATION_ERROR', 'UNAUTHORIZED', 'This request could not be authorized.'));
  });

  app.post('/v2/customers', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const create = async () => {
      const customer = {
        id: squareId(26),
        created_at: now(),
        updated_at: now(),
        reference_id: str(body.reference_id),
        creation_source: 'THIRD_PARTY',
        version: 0,
      };
      await book.insert('customer', customer.id, customer, { referenceId: customer.reference_id });
      return { status: 200, body: { customer } };
    };
    const key = str(body.idempotency_key);
    return send(reply, key ? await book.idempotent(`customers:${key}`, JSON.stringify(body), create) : await create());
  });

  app.post('/v2/cards', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const key = str(body.idempotency_key);
    const sourceId = str(body.source_id);
    const cardIn = (body.card ?? {}) as Record<string, unknown>;
    const customerId = str(cardIn.customer_id);
    if (!key) return required(reply, 'idempotency_key');
    if (!sourceId) return required(reply, 'source_id');
    if (!customerId) return required(reply, 'card.customer_id');
    return send(
      reply,
      await book.idempotent(`cards:${key}`, JSON.stringify(body), async () => {
        if (!(await book.get('customer', customerId)))
          return { status: 404, body: squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Customer with ID \`${customerId}\` not found.`) };
        // A card from a payment (its id), or from a one-time token.
        const payment = await book.get('payment', sourceId);
        let resolved: ResolvedCard | null;
        if (payment) {
          if (payment.data.status !== 'COMPLETED' && payment.data.status !== 'APPROVED')
            return {
              status: 400,
              body: squareError('INVALID_REQUEST_ERROR', 'INVALID_CARD', 'The payment did not succeed, so its card cannot be saved.'),
            };
          resolved = await (payment.private.vaultToken || payment.private.testToken ? resolveSaved(payment) : Promise.resolve(null));
        } else resolved = await resolveToken(sourceId);
        if (!resolved)
          return { status: 400, body: squareError('INVALID_REQUEST_ERROR', 'INVALID_CARD_DATA', 'Invalid card data.', 'source_id') };
        if (resolved.decline)
          return { status: 400, body: squareError('PAYMENT_METHOD_ERROR', resolved.decline.code, resolved.decline.detail) };
        const card = {
          id: `ccof:${squareId(16)}`,
          ...resolved.card,
          customer_id: customerId,
          reference_id: str(cardIn.reference_id),
          cardholder_name: str(cardIn.cardholder_name),
          merchant_id: MERCHANT_ID,
          enabled: true,
          prepaid_type: 'NOT_PREPAID',
          created_at: now(),
          version: 1,
        };
        await book.insert('card', card.id, card, { customerId, private: resolved.privateRef });
        return { status: 200, body: { card } };
      }),
    );
  });

  app.get('/v2/cards', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    const customerId = query.customer_id;
    const all = customerId ? await book.cardsOf(customerId, query.sort_order === 'DESC') : [];
    const cards = all.map((c) => c.data).filter((c) => query.include_disabled === 'true' || c.enabled === true);
    // Square answers {} when there is nothing to list.
    return reply.send(cards.length ? { cards } : {});
  });

  app.get('/v2/cards/:cardId', async (request, reply) => {
    const { cardId } = request.params as { cardId: string };
    const card = await book.get('card', cardId);
    if (!card) return reply.status(404).send(squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Card with ID \`${cardId}\` not found.`));
    return reply.send({ card: card.data });
  });

  app.post('/v2/cards/:cardId/disable', async (request, reply) => {
    const { cardId } = request.params as { cardId: string };
    const card = await book.get('card', cardId);
    if (!card) return reply.status(404).send(squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Card with ID \`${cardId}\` not found.`));
    const disabled = {
      ...card.data,
      enabled: false,
      disabled_at: card.data.disabled_at ?? now(),
      version: Number(card.data.version ?? 1) + 1,
    };
    await book.update(cardId, disabled);
    return reply.send({ card: disabled });
  });

  app.post('/v2/payments', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const key = str(body.idempotency_key);
    const sourceId = str(body.source_id);
    const money = (body.amount_money ?? {}) as { amount?: unknown; currency?: unknown };
    if (!key) return required(reply, 'idempotency_key');
    if (!sourceId) return required(reply, 'source_id');
    if (!Number.isSafeInteger(money.amount) || (money.amount as number) <= 0)
      return reply
        .status(400)
        .send(squareError('INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'Invalid amount_money.amount.', 'amount_money.amount'));
    if (money.currency !== 'USD')
      return reply
        .status(400)
        .send(squareError('INVALID_REQUEST_ERROR', 'UNSUPPORTED_CURRENCY', 'This location takes USD only.', 'amount_money.currency'));
    if (body.location_id !== undefined && body.location_id !== locationId)
      return reply
        .status(404)
        .send(squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Location \`${String(body.location_id)}\` not found.`));
    const amount = money.amount as number;
    const customerId = str(body.customer_id);
    return send(
      reply,
      await book.idempotent(`payments:${key}`, JSON.stringify(body), async () => {
        let resolved: ResolvedCard | null;
        if (sourceId.startsWith('ccof:')) {
          const saved = await book.get('card', sourceId);
          // Square needs the card's customer with a card on file.
          if (!saved || saved.data.enabled !== true || saved.data.customer_id !== customerId)
            return { status: 404, body: squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Card \`${sourceId}\` not found.`, 'source_id') };
          resolved = await resolveSaved(saved);
        } else resolved = await resolveToken(sourceId);
        if (!resolved)
          return {
            status: 400,
            body: squareError(
              'PAYMENT_METHOD_ERROR',
              'INVALID_CARD_DATA',
              'Card nonce not found in this `sandbox` application environment.',
              'source_id',
            ),
          };

        const created = now();
        const failed = resolved.decline !== null;
        const autocomplete = body.autocomplete !== false;
        const held = !failed && resolved.pending;
        const amountMoney = { amount, currency: 'USD' };
        const payment: SquareJson = {
          id: squareId(29),
          created_at: created,
          updated_at: created,
          amount_money: amountMoney,
          total_money: amountMoney,
          approved_money: failed ? { amount: 0, currency: 'USD' } : amountMoney,
          status: failed ? 'FAILED' : held ? 'PENDING' : autocomplete ? 'COMPLETED' : 'APPROVED',
          delay_duration: 'PT168H',
          source_type: 'CARD',
          card_details: {
            status: failed ? 'FAILED' : autocomplete && !held ? 'CAPTURED' : 'AUTHORIZED',
            card: resolved.card,
            entry_method: sourceId.startsWith('ccof:') ? 'ON_FILE' : 'KEYED',
            cvv_status: resolved.decline?.code === 'CVV_FAILURE' ? 'CVV_REJECTED' : 'CVV_ACCEPTED',
            avs_status: resolved.decline?.code === 'ADDRESS_VERIFICATION_FAILURE' ? 'AVS_REJECTED' : 'AVS_ACCEPTED',
            statement_description: 'SQ *STOREFRONT',
            ...(failed
              ? { errors: [{ category: 'PAYMENT_METHOD_ERROR', code: resolved.decline!.code, detail: resolved.decline!.detail }] }
              : {}),
          },
          location_id: locationId,
          reference_id: str(body.reference_id),
          customer_id: customerId,
          note: str(body.note),
          receipt_number: squareId(4).toUpperCase(),
          version_token: squareId(40),
        };
        await book.insert('payment', payment.id as string, payment, {
          customerId,
          referenceId: str(body.reference_id),
          private: resolved.privateRef,
        });
        webhooks.queue('payment.updated', 'payment', payment.id as string, { payment });
        if (held && options.autoSettleMs !== null) scheduleSettle(payment.id as string, options.autoSettleMs);
        if (failed)
          return {
            status: 400,
            body: { ...squareError('PAYMENT_METHOD_ERROR', resolved.decline!.code, resolved.decline!.detail), payment },
          };
        return { status: 200, body: { payment } };
      }),
    );
  });

  app.get('/v2/payments/:paymentId', async (request, reply) => {
    const { paymentId } = request.params as { paymentId: string };
    const payment = await book.get('payment', paymentId);
    if (!payment)
      return reply.status(404).send(squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Could not find payment with id: ${paymentId}`));
    return reply.send({ payment: payment.data });
  });

  app.get('/v2/payments', async (request, reply) => {
    const query = request.query as Record<string, string | undefined>;
    if (query.location_id && query.location_id !== locationId) return reply.send({});
    const end = query.end_time ? new Date(query.end_time) : new Date();
    // Square's default range: the year before end_time.
    const begin = query.begin_time ? new Date(query.begin_time) : new Date(end.getTime() - 365 * 24 * 3_600_000);
    if (Number.isNaN(begin.getTime()) || Number.isNaN(end.getTime()))
      return reply.status(400).send(squareError('INVALID_REQUEST_ERROR', 'INVALID_TIME', 'Invalid begin_time or end_time.'));
    const limit = Math.min(Math.max(Number(query.limit) || 100, 1), 100);
    const offset = query.cursor ? Number(Buffer.from(query.cursor, 'base64url').toString()) || 0 : 0;
    const payments = await book.paymentsBetween(begin, end, query.sort_order === 'ASC', offset, limit + 1);
    const more = payments.length > limit;
    const page = payments.slice(0, limit);
    if (!page.length) return reply.send({});
    return reply.send({ payments: page, ...(more ? { cursor: Buffer.from(String(offset + limit)).toString('base64url') } : {}) });
  });

  app.post('/v2/refunds', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const key = str(body.idempotency_key);
    const paymentId = str(body.payment_id);
    const money = (body.amount_money ?? {}) as { amount?: unknown; currency?: unknown };
    if (!key) return required(reply, 'idempotency_key');
    if (!paymentId) return required(reply, 'payment_id');
    if (!Number.isSafeInteger(money.amount) || (money.amount as number) <= 0)
      return reply
        .status(400)
        .send(squareError('INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'Invalid amount_money.amount.', 'amount_money.amount'));
    const amount = money.amount as number;
    return send(
      reply,
      await book.idempotent(`refunds:${key}`, JSON.stringify(body), async () => {
        const payment = await book.get('payment', paymentId);
        if (!payment)
          return { status: 404, body: squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Could not find payment with id: ${paymentId}`) };
        const refunded = Number((payment.data.refunded_money as { amount?: number } | undefined)?.amount ?? 0);
        const paid = Number((payment.data.amount_money as { amount: number }).amount);
        if (payment.data.status !== 'COMPLETED')
          return { status: 400, body: squareError('INVALID_REQUEST_ERROR', 'BAD_REQUEST', 'Only a completed payment can be refunded.') };
        if (refunded + amount > paid)
          return {
            status: 400,
            body: squareError(
              'INVALID_REQUEST_ERROR',
              'REFUND_AMOUNT_INVALID',
              'The refund is more than what is left of the payment.',
              'amount_money.amount',
            ),
          };
        const refund = {
          id: `${paymentId}_${squareId(16)}`,
          status: 'PENDING',
          amount_money: { amount, currency: 'USD' },
          payment_id: paymentId,
          location_id: locationId,
          reason: str(body.reason),
          created_at: now(),
          updated_at: now(),
        };
        await book.insert('refund', refund.id, refund, { referenceId: paymentId });
        await book.update(paymentId, {
          ...payment.data,
          refunded_money: { amount: refunded + amount, currency: 'USD' },
          refund_ids: [...((payment.data.refund_ids as string[] | undefined) ?? []), refund.id],
          updated_at: now(),
        });
        // The card network takes the refund at once here; Square says so with refund.updated.
        const completed = { ...refund, status: 'COMPLETED', updated_at: now() };
        await book.update(refund.id, completed);
        webhooks.queue('refund.updated', 'refund', refund.id, { refund: completed });
        return { status: 200, body: { refund } };
      }),
    );
  });

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

  const settleTimers = new Set<NodeJS.Timeout>();
  function scheduleSettle(paymentId: string, ms: number) {
    const timer = setTimeout(() => {
      settleTimers.delete(timer);
      settle(paymentId, true).catch(() => undefined);
    }, ms);
    timer.unref();
    settleTimers.add(timer);
  }

  async function settle(paymentId: string, deliver: boolean) {
    const payment = await book.get('payment', paymentId);
    if (!payment || payment.data.status !== 'PENDING') return null;
    const completed = {
      ...payment.data,
      status: 'COMPLETED',
      updated_at: now(),
      card_details: { ...(payment.data.card_details as SquareJson), status: 'CAPTURED' },
    };
    await book.update(paymentId, completed);
    const rawBody = webhooks.eventBody('payment.updated', 'payment', paymentId, { payment: completed });
    if (deliver) webhooks.send(rawBody);
    return { rawBody, signature: webhooks.sign(rawBody) };
  }

  return {
    url: () => baseUrl,
    webhooks,
    settle,
    async start() {
      await app.listen({ port, host: '127.0.0.1' });
      const address = app.server.address();
      baseUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : port}`;
    },
    async close() {
      for (const timer of settleTimers) clearTimeout(timer);
      await app.close();
      await webhooks.close();
    },
  };
}
