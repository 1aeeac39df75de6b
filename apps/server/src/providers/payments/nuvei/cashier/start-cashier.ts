// POST v1/nuvei/cashier (SPEC §7, ADR 014): the order's payment on the card provider's hosted page.
// The shared core starts it like any payment (the shopper's rules, the order's one attempt in flight,
// ownership); the cashier provider answers with the page to send the shopper to, and the payment waits
// in 'challenge' for the page's notification (or a lookup), as a payment at the bank's page does.
import { AppError } from '../../../../lib/errors.ts';
import type { FamilyDeps } from '../../core-port.ts';

export async function startCashierPayment(
  deps: FamilyDeps,
  userId: string,
  orderId: string,
): Promise<{ url: string; transactionId: string }> {
  const step = await deps.core.startPayment(deps, { userId, orderId, source: { method: 'cashier' }, saveCard: false });
  if (step.status === 'action' && step.action.kind === 'redirect') return { url: step.action.url, transactionId: step.transactionId };
  // A hosted page never decides before the shopper has seen it: any other answer is the provider's fault.
  deps.log.error({ orderId, status: step.status }, 'the cashier answered without a page');
  throw new AppError(502, 'PROVIDER_UNAVAILABLE', 'The payment service is not answering. Please try again.');
}
