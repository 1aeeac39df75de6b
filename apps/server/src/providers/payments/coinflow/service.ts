// The storefront as the embedded checkout's merchant (SPEC §7 GET v1/payment/coinflow/session; ADR 020):
// the shopper's pending order gets a host session through the shared core's startPayment (ownership, one
// attempt in flight, allowed methods and states; the amount is the order's), and asking again while that
// session is open rotates its key instead of starting another attempt. The host's webhook events are
// checked (signature, age, event id) before the shared notification handler sees them, so fulfilment is
// the same exactly-once path as every other payment's.
import { EMBEDDED_CHECKOUT_CHAINS, type CoinflowSessionData, type CoinflowSessionQuery, type OrderStatus } from '@store/shared';
import { AppError, badRequest, conflict, notFound } from '../../../lib/errors.ts';
import type { CoinflowEventEffect, CoinflowGateway } from './plugin.ts';
import { COINFLOW_WEBHOOK, EMBEDDED_PAYMENT_METHODS } from './names.ts';
import type { PaymentOutcome, PaymentSource } from '../types.ts';
import { findOpenEmbeddedAttempt } from './repository.ts';
import type { FamilyDeps, PaymentRecord } from '../core-port.ts';

export const NO_PENDING_ORDER_MESSAGE = 'You have no order waiting for payment.';
export const ORDER_PAID_MESSAGE = 'This order is already paid.';
const unknownGameProvider = (name: string) => badRequest(`Unknown game provider '${name}'.`, 'gameProvider');

/** Every order status but pending: the shopper's pending orders are what is left. */
const NOT_PENDING: OrderStatus[] = ['paid', 'fulfilled', 'failed', 'canceled', 'refunded'];

type Embedded = Extract<Extract<PaymentOutcome, { status: 'action' }>['action'], { kind: 'embedded' }>;

const sessionData = (action: Embedded, orderId: string, amountCents: number): CoinflowSessionData => ({
  sessionKey: action.sessionKey,
  merchantId: action.merchantId,
  checkoutBase: action.checkoutBase,
  orderId,
  amountCents,
  currency: 'USD',
  blockchains: [...EMBEDDED_CHECKOUT_CHAINS],
  allowedPaymentMethods: [...(action.allowedPaymentMethods ?? EMBEDDED_PAYMENT_METHODS)],
  // Coinflow's page (ADR 041): its checkout JWT holds the amount.
  ...(action.host === 'coinflow' ? { host: 'coinflow' as const, jwtToken: action.jwtToken } : {}),
});

/** The named order, or the shopper's latest pending one (404 when there is none). */
async function orderToPay(deps: FamilyDeps, userId: string, orderId: string | undefined): Promise<string> {
  if (orderId) return orderId;
  const [latest] = await deps.core.listOrdersOf(deps.db, userId, { excluding: NOT_PENDING });
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
  await deps.core.prepareOrderForPayment(deps.db, userId, open.orderId, async (tx) => {
    if (await deps.core.hasApprovedPayment(tx, open.orderId)) throw conflict(ORDER_PAID_MESSAGE);
  });
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
  if (outcome.status === 'action' && outcome.action.kind === 'embedded') return sessionData(outcome.action, open.orderId, open.amountCents);
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
    return sessionData(result.action, orderId, payment.amountCents);
  }
  throw conflict(result.status === 'approved' ? ORDER_PAID_MESSAGE : deps.core.messages.paymentInProgress);
}

/**
 * A card the page declined in a session of one of our attempts (the hosted checkout's
 * payment.card_declined, Coinflow's Card Payment Declined). The store never saw that card, so it weighs a
 * whole decline on the shopper and on the address the session was opened from, as a decline on any other
 * path does (ADR 031); over the limit, the shopper is held at the host too (where it can hold them).
 */
async function countCardDeclinedAtHost(
  deps: FamilyDeps,
  effect: Extract<CoinflowEventEffect, { kind: 'card_declined' }>,
): Promise<boolean> {
  const payment = await deps.core.findPayment(deps.db, effect.paymentId);
  if (!payment || payment.method !== 'embedded_checkout' || payment.provider !== effect.provider) return false;
  if (effect.transactionId !== null && payment.transactionId !== effect.transactionId) return false;
  await deps.cardLimits?.of({ userId: payment.userId, address: payment.clientAddress }).declined(deps.core.declineWeight);
  return true;
}

export interface CoinflowWebhookInput {
  rawBody: string;
  headers: Record<string, string | string[] | undefined>;
  query: unknown;
}

/**
 * POST v1/payment/coinflow/webhook. Refused, nothing changed: a forged, tampered or unauthenticated event
 * (401); one of our hosted checkout's signed more than five minutes away from now (400 STALE_NOTIFICATION);
 * one that is not the sender's JSON (400). A replay of an event already handled is acknowledged and
 * changes nothing; a duplicate arriving while the first is handled gets 409 (the sender delivers it
 * again). An event about a payment the store cannot take now (404) is released, so the next delivery is
 * taken afresh.
 */
export async function takeCoinflowEvent(
  deps: FamilyDeps,
  gateway: CoinflowGateway,
  input: CoinflowWebhookInput,
  now = new Date(),
): Promise<'handled' | 'replay' | 'ignored'> {
  const check = await deps.core.callProvider(deps.log, 'webhook', () =>
    gateway.checkWebhook({ rawBody: input.rawBody, headers: input.headers }, now),
  );
  if (check.status === 'invalid') throw new AppError(401, 'BAD_SIGNATURE', 'Invalid notification signature.');
  if (check.status === 'stale') throw new AppError(400, 'STALE_NOTIFICATION', 'This notification is too old to be taken.', check.field);
  if (check.status === 'malformed') throw new AppError(400, 'BAD_NOTIFICATION', check.message, check.field);
  const { event } = check;

  const about = { eventId: event.id, type: event.type };
  const claim = await deps.core.claimWebhookEvent(deps.db, COINFLOW_WEBHOOK, event.id, event.type, now);
  if (claim === 'done') {
    deps.log.info(about, 'checkout event already handled: replay ignored');
    return 'replay';
  }
  if (claim === 'processing') throw conflict('This notification is being handled.');
  try {
    if (event.effect.kind === 'card_declined') {
      const counted = await countCardDeclinedAtHost(deps, event.effect);
      if (!counted) deps.log.info(about, 'card decline at the checkout about no attempt of ours: acknowledged');
      await deps.core.finishWebhookEvent(deps.db, COINFLOW_WEBHOOK, event.id);
      return counted ? 'handled' : 'ignored';
    }
    const notification = deps.providers.verifyNotification(COINFLOW_WEBHOOK, {
      body: input.rawBody,
      query: input.query,
      headers: input.headers,
    });
    if (notification) await deps.core.handleNotification(deps, COINFLOW_WEBHOOK, notification);
    else deps.log.info(about, 'checkout event about nothing the store records: acknowledged');
    await deps.core.finishWebhookEvent(deps.db, COINFLOW_WEBHOOK, event.id);
    return notification ? 'handled' : 'ignored';
  } catch (err) {
    await deps.core.releaseWebhookEvent(deps.db, COINFLOW_WEBHOOK, event.id);
    throw err;
  }
}
