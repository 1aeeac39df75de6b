// The payments module's background work: payments a crash, a timeout or a lost notification left
// unfinished are reconciled with the provider each row names (reconcile.ts); approvals become paid orders.
import type { BackgroundWork } from '../../background/work.ts';
import type { PaymentsDeps } from './deps.ts';
import { reconcilePayments } from './reconcile.ts';

export function paymentsBackground(deps: PaymentsDeps): BackgroundWork {
  // Payments naming an unregistered provider, each reported once while this process runs.
  const reported = new Set<string>();
  return {
    jobs: [
      {
        name: 'payments.reconcile',
        // A failure waits for the next pass; the jobs after this one still run.
        run: async () => {
          await reconcilePayments(deps, { reported }).catch((err: unknown) => {
            deps.log.error({ err }, 'reconciling payments failed; will retry');
          });
        },
      },
    ],
  };
}
