// How the Square sandbox completes a payment it held PENDING (the pending test card), as Square does
// after its review: the payment turns COMPLETED and payment.updated says so. Either on a timer after
// the payment was made, or when a test calls settle().
import type { SandboxBook, SquareJson } from './book.ts';
import { now } from './shapes.ts';
import type { WebhookSender } from './webhooks.ts';

export function createSettlement(book: SandboxBook, webhooks: WebhookSender) {
  const timers = new Set<NodeJS.Timeout>();

  /** Completes a PENDING payment and answers its event (sent to the store too when `deliver`); null when not pending. */
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
    settle,
    /** Settles the payment this long from now, delivering its event. */
    settleLater(paymentId: string, ms: number) {
      const timer = setTimeout(() => {
        timers.delete(timer);
        settle(paymentId, true).catch(() => undefined);
      }, ms);
      timer.unref();
      timers.add(timer);
    },
    /** Drops the settlements still waiting (the sandbox closes). */
    stop() {
      for (const timer of timers) clearTimeout(timer);
    },
  };
}
