// The Stripe sandbox's dashboard control (a demo door: only with the sandbox, and only from the machine
// the store runs on unless DEMO_REMOTE_ACCESS opens them): a refund made "in Stripe's dashboard",
// outside the store, of a PaymentIntent's charge, in full or in part (ADR 012). It is the sandbox's own
// refund (the API's POST /v1/refunds), so Stripe's charge.refunded event follows, signed and delivered to
// our webhook as Stripe delivers it; the store then takes the coins of a fully refunded payment back.
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sameMachineOnly } from '../../../../plugins/demo-doors.ts';
import { StripeSandboxError } from './errors.ts';
import type { StripeSandbox } from './sandbox.ts';

const params = z.object({ id: z.string().regex(/^pi_[A-Za-z0-9]{10,40}$/) });
/** Cents; the whole charge (what is left of it) when left out, as the dashboard's default. */
const body = z
  .object({ amount: z.number().int().positive().max(99_999_999).optional() })
  .strict()
  .nullish();

const stripeSandboxControls: FastifyPluginAsync<{ sandbox: StripeSandbox }> = async (app, { sandbox }) => {
  app.addHook('onRequest', sameMachineOnly(app.config));
  app.post('/sandbox/stripe/payment_intents/:id/refund', { schema: { hide: true } }, async (request, reply) => {
    const p = params.safeParse(request.params);
    if (!p.success) return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'No such PaymentIntent.' });
    const b = body.safeParse(request.body);
    if (!b.success)
      return reply
        .status(400)
        .send({ success: false, code: 'BAD_REQUEST', message: 'amount must be a whole number of cents.', field: 'amount' });
    const amount = b.data?.amount;
    try {
      const refund = await sandbox.createRefund({ payment_intent: p.data.id, ...(amount ? { amount: String(amount) } : {}) });
      return { success: true, data: { refundId: refund.id, amount: refund.amount } };
    } catch (err) {
      if (!(err instanceof StripeSandboxError)) throw err;
      const status = err.status === 404 ? 404 : err.status === 409 ? 409 : 400;
      const field = typeof err.error.param === 'string' ? err.error.param : undefined;
      return reply.status(status).send({
        success: false,
        code: status === 404 ? 'NOT_FOUND' : 'REFUND_REFUSED',
        message: err.error.message,
        ...(field ? { field } : {}),
      });
    }
  });
};

export default stripeSandboxControls;
