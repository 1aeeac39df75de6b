// What the shopper may pay with (SPEC §3 allowedPaymentsProviders, issue 9): a method kind is allowed
// when a registered provider serves it, the purchase settings enable it, and the shopper's profile state
// is whitelisted. The same rule answers GET v1/payment/allowed-providers and refuses a payment, so
// whatever the client shows or sends, the server decides.
import { PAYMENT_METHOD_KINDS, type AllowedPayment, type CardRouteKind, type CardRouting } from '@store/shared';
import { AppError } from '../../lib/errors.ts';
import type { PaymentMethodKind } from '@store/server-kit';
import { getPurchaseSettings, isStateWhitelisted } from '../settings/index.ts';
import { findProfileState } from '../user/index.ts';
import type { PaymentsDeps } from './deps.ts';

export const STATE_NOT_ALLOWED = 'STATE_NOT_ALLOWED';
export const STATE_NOT_ALLOWED_MESSAGE = 'Purchases are not available in your state.';
export const PAYMENT_METHOD_NOT_ALLOWED = 'PAYMENT_METHOD_NOT_ALLOWED';
export const PAYMENT_METHOD_NOT_ALLOWED_MESSAGE = 'This payment method is not allowed. Please choose another one.';

const shopperStateAllowed = async (db: PaymentsDeps['db'], userId: string) => isStateWhitelisted(db, await findProfileState(db, userId));

/**
 * The kind whose form takes a new card now (issue 24): the routing's primary when it is allowed and its
 * provider is not in an outage, else the fallback on the same terms. When both providers are down the
 * primary stays (a form that may fail beats none); null when neither kind is allowed.
 */
export function cardRouteOf(
  providers: PaymentsDeps['providers'],
  allowed: AllowedPayment,
  { primary, fallback }: CardRouting,
): CardRouteKind | null {
  const candidates = [primary, fallback].filter((kind): kind is CardRouteKind => kind !== null && allowed[kind]);
  const up = candidates.find((kind) => {
    const provider = providers.forMethod(kind);
    return provider !== undefined && !providers.inOutage(provider.name);
  });
  return up ?? candidates[0] ?? null;
}

/** GET v1/payment/allowed-providers: every method kind with whether this shopper may pay with it now, and where a new card goes. */
export async function allowedPaymentsFor(
  { db, providers }: Pick<PaymentsDeps, 'db' | 'providers'>,
  userId: string,
): Promise<{ allowedPayment: AllowedPayment; cardRoute: CardRouteKind | null }> {
  const [stateAllowed, { enabledPaymentMethods, cardRouting }] = await Promise.all([
    shopperStateAllowed(db, userId),
    getPurchaseSettings(db),
  ]);
  const enabled = new Set<PaymentMethodKind>(enabledPaymentMethods);
  const entries = PAYMENT_METHOD_KINDS.map((kind) => [kind, stateAllowed && enabled.has(kind) && providers.forMethod(kind) !== undefined]);
  const allowedPayment = Object.fromEntries(entries) as AllowedPayment;
  return { allowedPayment, cardRoute: cardRouteOf(providers, allowedPayment, cardRouting) };
}

/**
 * Refuses, before anything is written, a payment (or a card saved) by a shopper whose state is not
 * whitelisted (403 STATE_NOT_ALLOWED) or through a method kind the settings do not enable (403
 * PAYMENT_METHOD_NOT_ALLOWED). A kind no provider serves is the caller's 400 PAYMENT_METHOD_UNAVAILABLE
 * (providerFor), as before.
 */
export async function assertMayPay({ db }: Pick<PaymentsDeps, 'db'>, userId: string, method: PaymentMethodKind): Promise<void> {
  if (!(await shopperStateAllowed(db, userId))) throw new AppError(403, STATE_NOT_ALLOWED, STATE_NOT_ALLOWED_MESSAGE);
  const { enabledPaymentMethods } = await getPurchaseSettings(db);
  if (!enabledPaymentMethods.includes(method)) throw new AppError(403, PAYMENT_METHOD_NOT_ALLOWED, PAYMENT_METHOD_NOT_ALLOWED_MESSAGE);
}
