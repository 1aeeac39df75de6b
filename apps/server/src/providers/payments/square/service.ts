// Square card payments (SPEC §7 POST v1/payment/square/create-payment, ADR 013): the body read into a
// payment source, the shared core's startPayment (ownership, one attempt in flight, approval,
// fulfilment), the card kept on file when asked; saved Square cards. Square's webhook events are read by
// the provider's parseWebhook and taken by the core (routes.ts).
import type { SquareCreatePaymentBody, SquareSavedCard } from '@store/shared';
import { badRequest, notFound } from '@store/server-kit';
import { AppError } from '../../../lib/errors.ts';
import type { SquareGateway } from './plugin.ts';
import type { SquareProvider } from './provider.ts';
import { DECLINE_MESSAGES, type PaymentSource } from '@store/server-kit';
import { methodUnavailable, type FamilyDeps } from '../core-port.ts';

/** Square when it serves (real or sandbox); 400 PAYMENT_METHOD_UNAVAILABLE when it does not. */
export function squareOf(gateway: SquareGateway | null): SquareGateway {
  if (!gateway) throw methodUnavailable();
  return gateway;
}

/** The shopper's own enabled saved Square card; 404 for another shopper's or an unknown one. */
async function ownCard(deps: FamilyDeps, provider: SquareProvider, userId: string, cardId: string): Promise<SquareSavedCard> {
  const card = await deps.core.callProvider(deps.log, 'findCard', () => provider.findCard(userId, cardId));
  if (!card) throw notFound(deps.core.messages.cardNotFound);
  return card;
}

/** Keeps the paid card on file; the payment stands and the order is paid even when this fails. */
async function keepPaidCard(deps: FamilyDeps, provider: SquareProvider, userId: string, squarePaymentId: string) {
  try {
    return await provider.saveCardFromPayment(userId, squarePaymentId);
  } catch (err) {
    deps.log.error(
      { squarePaymentId, err: err instanceof Error ? err.message : String(err) },
      'saving the card of an approved Square payment failed',
    );
    return undefined;
  }
}

/** POST v1/payment/square/create-payment */
export async function createSquarePayment(deps: FamilyDeps, gateway: SquareGateway | null, userId: string, body: SquareCreatePaymentBody) {
  const { provider } = squareOf(gateway);
  if (!body.sourceId === !body.savedCardId) throw badRequest('Send either a sourceId or a savedCardId.', 'sourceId');
  const saved = body.savedCardId ? await ownCard(deps, provider, userId, body.savedCardId) : undefined;
  const verification = body.verificationToken ? { verificationToken: body.verificationToken } : {};
  const source: PaymentSource = saved
    ? { method: 'square_card', sourceId: saved.userPaymentOptionId, savedCardId: saved.userPaymentOptionId, ...verification }
    : { method: 'square_card', sourceId: body.sourceId!, ...verification, ...(body.billingZip ? { billingZip: body.billingZip } : {}) };
  const saveCard = !saved && (body.saveCard ?? false);

  const result = await deps.core.startPayment(deps, { userId, orderId: body.orderId, source, saveCard });
  if (result.status !== 'approved')
    // Square decides a card payment in CreatePayment; one it has not completed yet is decided by its webhook.
    return { status: 'pending' as const, orderId: body.orderId, transactionId: result.transactionId, orderStatus: 'pending' as const };
  const card = saved ?? (saveCard ? await keepPaidCard(deps, provider, userId, result.transactionId) : undefined);
  return {
    status: 'approved' as const,
    orderId: body.orderId,
    transactionId: result.transactionId,
    orderStatus: result.orderStatus,
    ...(card ? { card } : {}),
  };
}

/** GET v1/payment/square/cards */
export async function listSquareCards(deps: FamilyDeps, gateway: SquareGateway | null, userId: string) {
  const { provider } = squareOf(gateway);
  return deps.core.callProvider(deps.log, 'listCards', () => provider.listCards(userId));
}

/** POST v1/payment/square/cards: a card saved without paying (Square's CreateCard from the token). */
export async function saveSquareCard(
  deps: FamilyDeps,
  gateway: SquareGateway | null,
  userId: string,
  sourceId: string,
  verificationToken?: string,
  billingZip?: string,
) {
  const { provider } = squareOf(gateway);
  // The card is saved to pay with: refused, before Square is asked, where paying with it would be.
  await deps.core.assertMayPay(deps, userId, 'square_card');
  const saved = await deps.core.callProvider(deps.log, 'saveCard', () =>
    provider.saveCard(userId, sourceId, verificationToken, billingZip),
  );
  if ('status' in saved) {
    // The shopper's card, refused: a 402 with Square's reason, as every decline; not a fault of ours or Square's.
    deps.log.info({ userId, squareCode: saved.reason }, 'Square refused the card to save');
    await deps.attempts?.declined();
    throw new AppError(402, saved.code, `${DECLINE_MESSAGES[saved.code]} ${saved.explanation}.`);
  }
  return saved;
}

/** DELETE v1/payment/square/cards/{id}: disabled at Square; 404 when it is not the shopper's. */
export async function deleteSquareCard(deps: FamilyDeps, gateway: SquareGateway | null, userId: string, cardId: string) {
  const { provider } = squareOf(gateway);
  const disabled = await deps.core.callProvider(deps.log, 'disableCard', () => provider.disableCard(userId, cardId));
  if (!disabled) throw notFound(deps.core.messages.cardNotFound);
}
