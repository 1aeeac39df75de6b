// The Stripe sandbox's refunds: of a succeeded PaymentIntent's charge, in full or in part, never more
// than is left on it. The charge is updated only if no other refund changed it meanwhile, so two racing
// refunds cannot both take the same amount; each is announced as Stripe does (charge.refunded).
import { newStripeId, unixNow, type Book, type StripeJson } from './book.ts';
import { invalid, missing, StripeSandboxError } from './errors.ts';
import type { Emit } from './events.ts';
import type { FormObject } from './form.ts';
import { metadataOf, str } from './params.ts';

export function createRefunds({ book, emit }: { book: Book; emit: Emit }) {
  async function createRefund(body: FormObject): Promise<StripeJson> {
    const piId = str(body.payment_intent);
    if (!piId) throw invalid('Missing required param: payment_intent.', 'payment_intent', 'parameter_missing');
    const pi = await book.get(piId, 'payment_intent');
    if (!pi) throw missing(piId, 'payment_intent');
    const chargeId = pi.data.latest_charge as string | null;
    const ch = chargeId ? await book.get(chargeId, 'charge') : null;
    if (pi.data.status !== 'succeeded' || !ch)
      throw invalid(`This PaymentIntent (${piId}) does not have a successful charge to refund.`, 'payment_intent', 'charge_not_refundable');
    const refundable = (ch.data.amount as number) - (ch.data.amount_refunded as number);
    const amount = body.amount === undefined ? refundable : Number(str(body.amount));
    if (!Number.isInteger(amount) || amount <= 0 || amount > refundable)
      throw invalid(
        `Refund amount ($${(amount / 100).toFixed(2)}) is greater than unrefunded amount on charge.`,
        'amount',
        'amount_too_large',
      );
    const refundedTotal = (ch.data.amount_refunded as number) + amount;
    const updated = { ...ch.data, amount_refunded: refundedTotal, refunded: refundedTotal === ch.data.amount };
    // Two refunds racing: the second sees the amount refunded change and is refused.
    if (!(await book.replace(updated, ch.private, { amount_refunded: String(ch.data.amount_refunded) })))
      throw new StripeSandboxError(409, {
        type: 'invalid_request_error',
        code: 'lock_timeout',
        message: 'The charge was changed by another request.',
      });
    const refund = await book.insert({
      id: newStripeId('re'),
      object: 'refund',
      amount,
      charge: ch.data.id,
      currency: ch.data.currency,
      payment_intent: piId,
      status: 'succeeded',
      metadata: metadataOf(body.metadata),
      created: unixNow(),
    });
    await emit('charge.refunded', updated, false);
    return refund;
  }

  return { createRefund };
}
