// Issue 9, "two payments of one order through two different providers at once: at most one charge
// stands; the other is refunded or voided and the shopper is told". Stripe (its sandbox, through the
// `stripe` package) against the card provider's sandbox, with real parallel requests.
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { createShopper, ledgerSumForOrder } from '../../../../test/support/checkout.ts';
import { init, orderStatus, pendingOrder, SANDBOX_CARDS } from '../../../../test/support/payments.ts';
import { tokenizeCard } from '../../../../test/support/vault.ts';
import { answerStripePage, followReturn, payIntent, saveStripeCard, STRIPE_TEST_CARDS } from '../../../../test/support/stripe.ts';
import { payments } from '../../../db/schema.ts';
import { sandboxTransactions, stripeSandboxObjects } from '../../../db/sandbox-schema.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({}, { seedDemo: false });
});
afterAll(() => t.close());

const db = () => t.database.db;
const paymentsOf = (orderId: string) => db().select().from(payments).where(eq(payments.orderId, orderId));

/** Money that stands for the order: Stripe charges not refunded, plus the card sandbox's approved sales. */
async function standingCharges(orderId: string): Promise<number> {
  const charges = (await db().select().from(stripeSandboxObjects).where(eq(stripeSandboxObjects.object, 'charge')))
    .map((row) => row.data)
    .filter((charge) => (charge.metadata as Record<string, string>).orderId === orderId && charge.refunded !== true);
  const sales = await db()
    .select()
    .from(sandboxTransactions)
    .where(and(eq(sandboxTransactions.orderId, orderId), eq(sandboxTransactions.status, 'approved')));
  return charges.length + sales.length;
}

describe('one order, two providers', () => {
  it('paid by card while Stripe waits on 3-D Secure: the later Stripe charge is refunded through Stripe and the shopper told', async () => {
    const s = await createShopper(db());
    const stripeCard = await saveStripeCard(t.app, s, STRIPE_TEST_CARDS.threeDSecure);
    const order = await pendingOrder(t.app, s);
    const waiting = (await payIntent(t.app, s, stripeCard, order._id)).json().data;
    expect(waiting.status).toBe('requires_action');

    // Meanwhile the shopper pays the same order by card in another tab: the waiting attempt is superseded.
    const card = await init(t.app, s, { orderId: order._id, cardToken: await tokenizeCard(t.app, SANDBOX_CARDS.frictionless) });
    expect(card.statusCode, card.body).toBe(200);
    expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled');

    // Then the 3-D Secure check is completed after all: Stripe charges, and the store refunds it at once.
    const back = await answerStripePage(t.app, waiting.nextAction.url, 'approve');
    expect(await followReturn(t.app, back)).toBe(`/payment-success?orderId=${order._id}&duplicateRefunded=1`);

    const rows = await paymentsOf(order._id);
    expect(rows.find((row) => row.provider === 'stripe-sandbox')?.status).toBe('refunded');
    expect(rows.filter((row) => row.status === 'approved')).toHaveLength(1);
    const refunds = (await db().select().from(stripeSandboxObjects).where(eq(stripeSandboxObjects.object, 'refund'))).map((r) => r.data);
    expect(refunds.filter((refund) => refund.payment_intent === waiting.paymentIntentId)).toHaveLength(1);
    expect(await standingCharges(order._id)).toBe(1);
    expect(await ledgerSumForOrder(db(), order._id)).toBe(order.coins + order.bonusCoins);
  });

  it('started at the same moment through Stripe and the card provider: one 200, the other 409, one charge', async () => {
    for (let round = 0; round < 4; round++) {
      const s = await createShopper(db());
      const stripeCard = await saveStripeCard(t.app, s, STRIPE_TEST_CARDS.succeeds);
      const cardToken = await tokenizeCard(t.app, SANDBOX_CARDS.frictionless);
      const order = await pendingOrder(t.app, s);
      const [viaStripe, viaCard] = await Promise.all([
        payIntent(t.app, s, stripeCard, order._id),
        init(t.app, s, { orderId: order._id, cardToken }),
      ]);
      const codes = [viaStripe.statusCode, viaCard.statusCode].sort();
      expect(codes, `${viaStripe.body} / ${viaCard.body}`).toEqual([200, 409]);
      expect(await standingCharges(order._id)).toBe(1);
      expect(await ledgerSumForOrder(db(), order._id)).toBe(order.coins + order.bonusCoins);
    }
  });
});
