// The ACH sandbox's controls (a demo door: only with the sandbox, and only from the machine the store
// runs on unless DEMO_REMOTE_ACCESS opens them): settle a pending debit now, fail it before settlement,
// or return a settled one, each with a NACHA return code. The sandbox's signed notification then goes to
// the store's webhook as a real settlement would (delivery.ts).
import type { FastifyPluginAsync } from 'fastify';
import { z } from 'zod';
import { sameMachineOnly } from '../../../../../plugins/demo-doors.ts';
import { RETURN_CODE_PATTERN } from '../return-codes.ts';
import { deliverAchNotification } from './delivery.ts';
import type { AchSandbox } from './gateway.ts';

const params = z.object({ transactionId: z.string().regex(/^\d{6,24}$/), action: z.enum(['settle', 'fail', 'return']) });
const body = z.object({ returnCode: z.string().regex(RETURN_CODE_PATTERN).optional() }).nullish();

const achSandboxControls: FastifyPluginAsync<{ sandbox: AchSandbox }> = async (app, { sandbox }) => {
  app.addHook('onRequest', sameMachineOnly(app.config));
  app.post('/sandbox/ach/debits/:transactionId/:action', { schema: { hide: true } }, async (request, reply) => {
    const p = params.safeParse(request.params);
    const b = body.safeParse(request.body);
    if (!p.success) return reply.status(404).send({ success: false, code: 'NOT_FOUND', message: 'No such debit.' });
    if (!b.success)
      return reply
        .status(400)
        .send({ success: false, code: 'BAD_REQUEST', message: 'returnCode must look like R01.', field: 'returnCode' });
    const { transactionId, action } = p.data;
    const code = b.data?.returnCode;
    const signed =
      action === 'settle'
        ? await sandbox.settleNow(transactionId)
        : action === 'fail'
          ? await sandbox.failNow(transactionId, code ?? 'R01')
          : await sandbox.returnNow(transactionId, code ?? 'R01');
    if (!signed) {
      const wanted = action === 'return' ? 'settled' : 'pending';
      return reply.status(409).send({ success: false, code: 'DEBIT_STATE', message: `No ${wanted} debit with this id.` });
    }
    const delivered = await deliverAchNotification(app, signed);
    return { success: true, data: { event: signed.body.event, delivered } };
  });
};

export default achSandboxControls;
