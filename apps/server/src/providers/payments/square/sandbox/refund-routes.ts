// The Square sandbox's Refunds API: RefundPayment of a completed payment, up to what is left of it.
// The card network takes the refund at once here, which the sandbox announces with refund.updated.
import type { FastifyInstance } from 'fastify';
import type { SandboxBook } from './book.ts';
import { now, sendAnswer, sendRequired, squareError, squareId, str } from './shapes.ts';
import type { WebhookSender } from './webhooks.ts';

export function registerRefundRoutes(
  app: FastifyInstance,
  { book, webhooks, locationId }: { book: SandboxBook; webhooks: WebhookSender; locationId: string },
) {
  app.post('/v2/refunds', async (request, reply) => {
    const body = (request.body ?? {}) as Record<string, unknown>;
    const key = str(body.idempotency_key);
    const paymentId = str(body.payment_id);
    const money = (body.amount_money ?? {}) as { amount?: unknown; currency?: unknown };
    if (!key) return sendRequired(reply, 'idempotency_key');
    if (!paymentId) return sendRequired(reply, 'payment_id');
    if (!Number.isSafeInteger(money.amount) || (money.amount as number) <= 0)
      return reply
        .status(400)
        .send(squareError('INVALID_REQUEST_ERROR', 'INVALID_VALUE', 'Invalid amount_money.amount.', 'amount_money.amount'));
    const amount = money.amount as number;
    return sendAnswer(
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
}
