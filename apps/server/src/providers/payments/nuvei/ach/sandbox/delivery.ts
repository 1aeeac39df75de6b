// How the ACH sandbox tells the store: its signed notification, delivered in-process through the real
// webhook route (POST /api/v1/nuvei/notify), signature and all, exactly as the card sandbox's challenge
// page does. The settlement clock delivers what has come due; the controls deliver at once.
import type { FastifyInstance } from 'fastify';
import type { AchSandbox, SignedAchNotification } from './gateway.ts';
import { ACH_SIGNATURE_HEADER } from './notification.ts';

export async function deliverAchNotification(app: FastifyInstance, signed: SignedAchNotification): Promise<number> {
  const res = await app.inject({
    method: 'POST',
    url: '/api/v1/nuvei/notify',
    headers: { [ACH_SIGNATURE_HEADER]: signed.signature, 'content-type': 'application/json' },
    payload: JSON.stringify(signed.body),
  });
  if (res.statusCode !== 200)
    app.log.warn(
      { status: res.statusCode, transactionId: signed.body.transactionId, event: signed.body.event },
      'ACH sandbox notification was not accepted',
    );
  return res.statusCode;
}

/**
 * Settles (fails, returns) the debits that have come due, every `intervalMs` while the app runs. The
 * debits' state is in the database, so a restart picks up what came due meanwhile.
 */
export function startSettlementClock(app: FastifyInstance, sandbox: AchSandbox, intervalMs: number): void {
  let running = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async () => {
    if (running) return;
    running = true;
    try {
      for (const signed of await sandbox.dueNotifications()) await deliverAchNotification(app, signed);
    } catch (err) {
      app.log.error({ err: err instanceof Error ? err.message : String(err) }, 'ACH sandbox settlement failed; will retry');
    } finally {
      running = false;
    }
  };
  app.addHook('onReady', async () => {
    timer = setInterval(() => void tick(), intervalMs);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
