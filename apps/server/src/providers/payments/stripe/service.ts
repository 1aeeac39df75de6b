// Stripe cards and Cash App Pay for the shopper (SPEC §7, ADR 012): the saved methods (the shopper's
// Stripe customer's PaymentMethods beside the cards saved on the cashier page), paying an order with
// one through the shared core (the port's startPayment), and where the shopper lands after Stripe's page.
import type { StripePaymentIntentData, StripePaymentMethods, StripeSaveCardBody } from '@store/shared';
import { DUPLICATE_PAYMENT_REFUNDED_PARAM, NEW_CASH_APP_ID } from '@store/shared';
import Stripe from 'stripe';
import { notFound } from '@store/server-kit';
import { AppError } from '../../../lib/errors.ts';
import type { StripeGateway, StripeSavedMethod } from './gateway.ts';
import type { PaymentSource } from '@store/server-kit';
import { DECLINE_MESSAGES } from '@store/server-kit';
import { methodUnavailable, type FamilyDeps, type StepResult } from '../core-port.ts';

export const METHOD_NOT_FOUND = 'Payment method not found.';

/** The configured Stripe (or its sandbox); 400 PAYMENT_METHOD_UNAVAILABLE when neither serves. */
export function requireGateway(deps: FamilyDeps, gateway: StripeGateway | null): StripeGateway {
  if (!gateway) throw methodUnavailable();
  return gateway;
}

const cardOf = (method: StripeSavedMethod) => {
  if (method.kind !== 'card') throw new Error('not a card');
  const { kind: _kind, ...card } = method;
  return card;
};
const cashAppOf = (method: StripeSavedMethod) => {
  if (method.kind !== 'cashapp') throw new Error('not a Cash App account');
  return { userPaymentOptionId: method.userPaymentOptionId, cashtag: method.cashtag };
};

/** GET v1/payment/stripe/payment-methods: Stripe cards, cashier cards, Cash App accounts. No customer is created by a look. */
export async function listPaymentMethods(deps: FamilyDeps, gateway: StripeGateway | null, userId: string): Promise<StripePaymentMethods> {
  // The cards saved on the cashier's page (SPEC §3 nuveiCards): the saved methods of the cashier's provider.
  const nuveiCards = (await deps.providers.forMethod('cashier')?.savedMethods?.list(userId)) ?? [];
  const customer = gateway ? await gateway.customerFor(userId, false) : null;
  if (!gateway || !customer) return { card: [], nuveiCards, cashapp: [] };
  const stripe = await deps.core.callProvider(deps.log, 'list payment methods', () => gateway.listMethods(customer));
  return { card: stripe.card.map(cardOf), nuveiCards, cashapp: stripe.cashapp.map(cashAppOf) };
}

/** The shopper's own Stripe method of that id; null when it is unknown or someone else's. */
async function ownMethod(deps: FamilyDeps, gateway: StripeGateway, userId: string, id: string): Promise<StripeSavedMethod | null> {
  if (!id.startsWith('pm_')) return null;
  const customer = await gateway.customerFor(userId, false);
  if (!customer) return null;
  return deps.core.callProvider(deps.log, 'find payment method', () => gateway.findMethod(customer, id));
}

/**
 * DELETE v1/payment/stripe/payment-methods/{id}: a Stripe card, a Cash App account or a cashier card,
 * whichever of the shopper's it is (SPEC §4: the web drops the id from all three lists); 404 otherwise.
 */
export async function removePaymentMethod(deps: FamilyDeps, gateway: StripeGateway | null, userId: string, id: string): Promise<void> {
  if (gateway && (await ownMethod(deps, gateway, userId, id))) {
    await deps.core.callProvider(deps.log, 'detach payment method', () => gateway.detach(id));
    return;
  }
  const cashierCards = deps.providers.forMethod('cashier')?.savedMethods;
  if (cashierCards && (await deps.core.callProvider(deps.log, 'delete cashier card', () => cashierCards.remove(userId, id)))) return;
  throw notFound(METHOD_NOT_FOUND);
}

/** Stripe's answer to a card or a setup the shopper gave, as the API's 4xx; a fault stays a 502. */
function shopperError(err: unknown, field: string): AppError | null {
  if (!(err instanceof Stripe.errors.StripeError)) return null;
  if (err.type === 'StripeCardError')
    return new AppError(
      402,
      err.decline_code === 'insufficient_funds' ? 'INSUFFICIENT_FUNDS' : 'CARD_DECLINED',
      DECLINE_MESSAGES.CARD_DECLINED,
    );
  if (err.type === 'StripeInvalidRequestError' && (err.statusCode === 404 || err.code === 'resource_missing'))
    return new AppError(400, 'VALIDATION_FAILED', `Invalid field '${field}': no such card`, field);
  if (err.type === 'StripeInvalidRequestError' && err.param?.startsWith('payment_method'))
    return new AppError(400, 'VALIDATION_FAILED', `Invalid field '${field}': this card cannot be saved`, field);
  return null;
}

/** POST v1/payment/stripe/payment-methods: a card saved to the shopper's Stripe customer (created on first use). */
export async function saveCard(deps: FamilyDeps, gateway: StripeGateway | null, userId: string, body: StripeSaveCardBody) {
  const stripe = requireGateway(deps, gateway);
  await deps.core.assertMayPay(deps, userId, 'stripe_card');
  if (body.vaultToken !== undefined && stripe.mode === 'live')
    throw new AppError(
      400,
      'VALIDATION_FAILED',
      "Invalid field 'vaultToken': with Stripe, cards come from Stripe's card element (paymentMethodId)",
      'vaultToken',
    );
  const field = body.vaultToken !== undefined ? 'vaultToken' : 'paymentMethodId';
  if (body.vaultToken !== undefined) await deps.core.assertCardTokenUsable(deps, body.vaultToken, 'vaultToken');
  const input =
    body.vaultToken !== undefined
      ? { vaultToken: body.vaultToken, ...(body.billingZip ? { billingZip: body.billingZip } : {}) }
      : { paymentMethodId: body.paymentMethodId! };
  try {
    const customer = (await stripe.customerFor(userId, true))!;
    return cardOf(await stripe.saveCard(customer, input));
  } catch (err) {
    const refused = shopperError(err, field);
    if (refused) {
      if (refused.statusCode === 402) await deps.attempts?.declined();
      throw refused;
    }
    return deps.core.callProvider(deps.log, 'save card', () => Promise.reject(err));
  }
}

/** POST v1/payment/stripe/cash-app/setup: the page of Cash App's where the shopper authorises the store. */
export async function startCashAppSetup(
  deps: FamilyDeps,
  gateway: StripeGateway | null,
  userId: string,
  mandate: { ipAddress: string; userAgent: string },
) {
  const stripe = requireGateway(deps, gateway);
  await deps.core.assertMayPay(deps, userId, 'cash_app');
  return deps.core.callProvider(deps.log, 'cash app setup', async () =>
    stripe.startCashAppSetup((await stripe.customerFor(userId, true))!, mandate),
  );
}

function intentData(result: StepResult): StripePaymentIntentData {
  switch (result.status) {
    case 'approved':
      return { status: 'approved', paymentIntentId: result.transactionId, orderStatus: result.orderStatus };
    case 'pending':
      return { status: 'processing', paymentIntentId: result.transactionId, orderStatus: 'pending' };
    case 'action': {
      const { action } = result;
      const nextAction =
        action.kind === 'client'
          ? { type: 'client' as const, clientSecret: action.clientSecret }
          : { type: 'redirect' as const, url: 'url' in action ? action.url : '' };
      return { status: 'requires_action', paymentIntentId: result.transactionId, orderStatus: 'pending', nextAction };
    }
  }
}

/**
 * POST v1/payment/stripe/payment-intent/{userPaymentOptionId}?orderId=: pays the order with a saved
 * Stripe card or Cash App account of the shopper's (another's, or an unknown id: 404, nothing changed),
 * or with a new Cash App account (the id 'cashapp': Cash App's page authorises it).
 */
export async function payWithStripe(
  deps: FamilyDeps,
  gateway: StripeGateway | null,
  userId: string,
  userPaymentOptionId: string,
  orderId: string,
): Promise<StripePaymentIntentData> {
  const stripe = requireGateway(deps, gateway);
  let source: PaymentSource;
  if (userPaymentOptionId === NEW_CASH_APP_ID) source = { method: 'cash_app' };
  else {
    const method = await ownMethod(deps, stripe, userId, userPaymentOptionId);
    if (!method) throw notFound(METHOD_NOT_FOUND);
    source = method.kind === 'card' ? { method: 'stripe_card', userPaymentOptionId } : { method: 'cash_app', userPaymentOptionId };
  }
  return intentData(await deps.core.startPayment(deps, { userId, orderId, source, saveCard: false }));
}

const PAID = new Set(['paid', 'fulfilled']);

/**
 * GET v1/payment/stripe/return: the shopper is back from Stripe's page (3-D Secure, Cash App). The
 * payment is asked about at once (the webhook may come later), then the browser goes on to the page
 * that tells how it ended. A top-level navigation carries no session: this reads and records what
 * Stripe says of our own payment, nothing the caller chooses.
 */
export async function returnTarget(deps: FamilyDeps, orderId: string, paymentIntentId: string | undefined): Promise<string> {
  const success = `/payment-success?orderId=${encodeURIComponent(orderId)}`;
  const payment = paymentIntentId ? await deps.core.findPaymentByTransaction(deps.db, paymentIntentId) : undefined;
  if (!payment || payment.orderId !== orderId) return success;
  if (payment.status === 'initiated' || payment.status === 'challenge' || payment.status === 'pending' || payment.status === 'failed') {
    try {
      await deps.core.reconcileInFlight(deps, payment);
    } catch (err) {
      // The order was paid meanwhile (this payment is refunded), or Stripe is not answering: the page tells where it stands.
      if (!(err instanceof AppError)) deps.log.warn({ paymentId: payment.id, err: String(err) }, 'stripe return: lookup failed');
    }
  }
  const [after, order] = await Promise.all([deps.core.findPayment(deps.db, payment.id), deps.payOrder.findOrder(deps.db, orderId)]);
  if (after?.status === 'refunded' && order && PAID.has(order.status) && order.paymentId !== payment.id)
    return `${success}&${DUPLICATE_PAYMENT_REFUNDED_PARAM}=1`;
  // Declined: the order failed with the decline's message, as after the card provider's bank page.
  if (after?.status === 'declined' || order?.status === 'failed') return `/cart?payment=failed&orderId=${encodeURIComponent(orderId)}`;
  return success;
}
