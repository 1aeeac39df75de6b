// The storefront as the embedded checkout's merchant (SPEC §7 GET v1/payment/coinflow/session; ADR 020):
// the shopper's pending order gets a host session through the shared core's startPayment (ownership, one
// attempt in flight, allowed methods and states; the amount is the order's), and asking again while that
// session is open rotates its key instead of starting another attempt. The host's webhook events are
// checked (signature, age, event id) by the provider's parseWebhook and taken once by the core
// (core.takeWebhookEvent), so fulfilment is the same exactly-once path as every other payment's.
import { EMBEDDED_CHECKOUT_CHAINS, type CoinflowSessionData, type CoinflowSessionQuery, type OrderStatus } from '@store/shared';
import { badRequest, conflict, notFound } from '@store/server-kit';
import { AppError } from '../../../lib/errors.ts';
import type { CoinflowGateway } from './plugin.ts';
import { EMBEDDED_PAYMENT_METHODS } from './names.ts';
import type { PaymentOutcome, PaymentSource, VerifiedWebhookEvent, WebhookInput } from '@store/server-kit';
import { checkoutPrefill, type CheckoutPrefill } from './prefill.ts';
import { findOpenEmbeddedAttempt } from './repository.ts';
import type { FamilyDeps, PaymentRecord } from '../core-port.ts';

export const NO_PENDING_ORDER_MESSAGE = 'You have no order waiting for payment.';
export const ORDER_PAID_MESSAGE = 'This order is already paid.';
const unknownGameProvider = (name: string) => badRequest(`Unknown game provider '${name}'.`, 'gameProvider');

/** Every order status but pending: the shopper's pending orders are what is left. */
const NOT_PENDING: OrderStatus[] = ['paid', 'fulfilled', 'failed', 'canceled', 'refunded'];

type Embedded = Extract<Extract<PaymentOutcome, { status: 'action' }>['action'], { kind: 'embedded' }>;

const sessionData = (action: Embedded, orderId: string, amountCents: number, prefill: CheckoutPrefill): CoinflowSessionData => ({
  sessionKey: action.sessionKey,
  merchantId: action.merchantId,
  checkoutBase: action.checkoutBase,
  orderId,
  amountCents,
  currency: 'USD',
  blockchains: [...EMBEDDED_CHECKOUT_CHAINS],
  allowedPaymentMethods: [...(action.allowedPaymentMethods ?? EMBEDDED_PAYMENT_METHODS)],
  ...prefill,
  // Coinflow's page (ADR 041): its checkout JWT holds the amount.
  ...(action.host === 'coinflow' ? { host: 'coinflow' as const, jwtToken: action.jwtToken } : {}),
});

/** The named order, or the shopper's latest pending one (404 when there is none). */
async function orderToPay(deps: FamilyDeps, userId: string, orderId: string | undefined): Promise<string> {
  if (orderId) return orderId;
  const [latest] = await deps.payOrder.listOrdersOf(deps.db, userId, { excluding: NOT_PENDING });
  if (!latest) throw notFound(NO_PENDING_ORDER_MESSAGE);
  return latest._id;
}

/**
 * The open session of the order's embedded attempt, with a new key (the host rotates it; the old key
 * stops working). Checked again as a new payment is: the shopper may pay this way, the order is theirs,
 * pending and not paid. A session the host no longer holds open is looked up, and the shopper gets 409.
 */
async function rotateSession(deps: FamilyDeps, userId: string, open: PaymentRecord, source: PaymentSource) {
  await deps.core.assertMayPay(deps, userId, 'embedded_checkout');
  const provider = deps.core.providerToContinue(deps, open);
  // The workflow answers 409 for an order paid meanwhile, and holds its reservations again.
  await deps.payOrder.beginAttempt(deps, userId, open.orderId);
  const payerName = await deps.core.accountName(deps.db, userId);
  const outcome = await deps.core.callProvider(deps.log, 'start', () =>
    provider.start({
      paymentId: open.id,
      orderId: open.orderId,
      userId,
      payerName,
      amountCents: open.amountCents,
      currency: 'USD',
      source,
    }),
  );
  if (outcome.status === 'action' && outcome.action.kind === 'embedded')
    return sessionData(outcome.action, open.orderId, open.amountCents, checkoutPrefill(await deps.core.billingDetails(deps.db, userId)));
  // Paid, declined or settling meanwhile: recorded as the host has it.
  await deps.core.reconcileInFlight(deps, open);
  throw conflict(outcome.status === 'approved' ? ORDER_PAID_MESSAGE : deps.core.messages.paymentInProgress);
}

/** GET v1/payment/coinflow/session?gameProvider= */
export async function openCoinflowSession(
  deps: FamilyDeps,
  user: { _id: string; email: string },
  query: CoinflowSessionQuery,
): Promise<CoinflowSessionData> {
  const distributors = await deps.core.distributorKeys(deps.db);
  if (!Object.hasOwn(distributors, query.gameProvider)) throw unknownGameProvider(query.gameProvider);
  const orderId = await orderToPay(deps, user._id, query.orderId);
  const source: PaymentSource = { method: 'embedded_checkout', email: user.email, gameProvider: query.gameProvider };

  const open = await findOpenEmbeddedAttempt(deps.db, user._id, orderId);
  if (open) return rotateSession(deps, user._id, open, source);

  const result = await deps.core.startPayment(deps, { userId: user._id, orderId, source, saveCard: false });
  if (result.status === 'action' && result.action.kind === 'embedded') {
    const payment = await deps.core.findPaymentByTransaction(deps.db, result.transactionId);
    if (!payment) throw new Error('The embedded checkout attempt just written is missing.');
    return sessionData(result.action, orderId, payment.amountCents, checkoutPrefill(await deps.core.billingDetails(deps.db, user._id)));
  }
  throw conflict(result.status === 'approved' ? ORDER_PAID_MESSAGE : deps.core.messages.paymentInProgress);
}

/**
 * A delivery at POST v1/payment/coinflow/webhook read by the provider's parseWebhook: its refusals (401, 400
 * naming the field) answer as they are; any other failure (the merchant's secret cannot be had: the host
 * not reachable) is the provider's fault, a 502 (core.callProvider).
 */
export async function parseCoinflowDelivery(
  deps: FamilyDeps,
  gateway: CoinflowGateway,
  input: WebhookInput,
): Promise<VerifiedWebhookEvent> {
  const parsed = await deps.core.callProvider(deps.log, 'webhook', async () => {
    try {
      return { event: await gateway.provider.parseWebhook(input) };
    } catch (err) {
      if (err instanceof AppError) return { refused: err };
      throw err;
    }
  });
  if ('refused' in parsed) throw parsed.refused;
  return parsed.event;
}
