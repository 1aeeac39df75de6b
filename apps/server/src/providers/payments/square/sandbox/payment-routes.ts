// The Square sandbox's Payments API: CreatePayment with a one-time token or a card on file (approved,
// declined, or held PENDING by the pending test card), GetPayment and ListPayments. Each payment made
// is announced with payment.updated, as Square announces it.
import type { FastifyInstance } from 'fastify';
import type { SandboxBook, SquareJson } from './book.ts';
import type { CardSources, ResolvedCard } from './card-sources.ts';
import { billingAddressOf, now, sendAnswer, sendRequired, squareError, squareId, str } from './shapes.ts';
import type { WebhookSender } from './webhooks.ts';

export interface PaymentRoutesDeps {
  book: SandboxBook;
  cards: CardSources;
  webhooks: WebhookSender;
  locationId: string;
  /** Called for a payment held PENDING: the sandbox completes it later (or leaves it to settle()). */
  onHeld: (paymentId: string) => void;
}

export function registerPaymentRoutes(app: FastifyInstance, { book, cards, webhooks, locationId, onHeld }: PaymentRoutesDeps) {
  app.post('/v2/payments', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const key = str(body.idempotency_key);
    const sourceId = str(body.source_id);
    const money = (body.amount_money ?? {}) as { amount?: unknown; currency?: unknown };
    if (!key) return sendRequired(reply, 'idempotency_key');
    if (!sourceId) return sendRequired(reply, 'source_id');
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
    const billing = billingAddressOf(body.billing_address);
    if (billing === 'invalid')
      return reply
        .status(400)
        .send(squareError('INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'Invalid billing_address.postal_code.', 'billing_address.postal_code'));
    return sendAnswer(
      reply,
      await book.idempotent(`payments:${key}`, JSON.stringify(body), async () => {
        let resolved: ResolvedCard | null;
        if (sourceId.startsWith('ccof:')) {
          const saved = await book.get('card', sourceId);
          // Square needs the card's customer with a card on file.
          if (!saved || saved.data.enabled !== true || saved.data.customer_id !== customerId)
            return { status: 404, body: squareError('INVALID_REQUEST_ERROR', 'NOT_FOUND', `Card \`${sourceId}\` not found.`, 'source_id') };
          resolved = await cards.resolveSaved(saved);
        } else resolved = await cards.resolveToken(sourceId);
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
          ...(billing ? { billing_address: billing } : {}),
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
        if (held) onHeld(payment.id as string);
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
}
