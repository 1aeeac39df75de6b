import type { FastifyBaseLogger } from 'fastify';
import { CARD_TOKEN_EXPIRED, CARD_TOKEN_EXPIRED_MESSAGE } from '@store/shared';
import type { Wake } from '../../background/work.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { PaymentProviders } from '../../providers/payments/registry.ts';
import type { PaymentMethodKind, PaymentProvider } from '../../providers/payments/types.ts';
import type { CardTokenState } from '../../providers/vault/vault.ts';
import type { CardAttemptLimits, CardAttempts } from './card-attempts.ts';

export interface PaymentsDeps {
  db: Db;
  /** The registry (ADR 009): a new payment's provider by its method kind, a recorded payment's by its row. */
  providers: PaymentProviders;
  log: FastifyBaseLogger;
  /** The shopper's card attempts, when a shopper's request is being served (declines weigh more). */
  attempts?: CardAttempts;
  /** The card-attempt limits, for declines a provider reports after the request (notifications, lookups; ADR 031). */
  cardLimits?: CardAttemptLimits;
  /** The background runner, woken by the fulfilment an approval leads to. */
  wake: Wake;
  /**
   * The card vault's view of a card token (ADR 032), so a shopper's request with a token that ran out gets
   * a clear 400 before anything is written or sent. The routes give it; background work never starts with
   * a fresh token. Without it an expired token still reaches no provider (the vault reads it as unknown).
   */
  cardTokens?: { cardTokenState(token: string): Promise<CardTokenState> };
}

/** 400 CARD_TOKEN_EXPIRED naming `field` when the vault says nothing used this token in time. */
export async function assertCardTokenUsable(deps: Pick<PaymentsDeps, 'cardTokens'>, token: string, field = 'cardToken'): Promise<void> {
  if (!deps.cardTokens) return;
  if ((await deps.cardTokens.cardTokenState(token)) === 'expired')
    throw new AppError(400, CARD_TOKEN_EXPIRED, CARD_TOKEN_EXPIRED_MESSAGE, field);
}

export const PAYMENT_METHOD_UNAVAILABLE = 'PAYMENT_METHOD_UNAVAILABLE';
/** The method kind (or the capability a call needs) is served by no registered provider. */
export const methodUnavailable = () => new AppError(400, PAYMENT_METHOD_UNAVAILABLE, 'This payment method is not available.');

/** The provider new payments of this method kind go to; 400 PAYMENT_METHOD_UNAVAILABLE, before anything is written, when none serves it. */
export function providerFor({ providers }: Pick<PaymentsDeps, 'providers'>, method: PaymentMethodKind): PaymentProvider {
  const provider = providers.forMethod(method);
  if (!provider) throw methodUnavailable();
  return provider;
}

/**
 * The provider a payment row names: it made the payment and is asked about it ever after. Undefined,
 * and logged, when no provider is registered under that name (the configuration changed): the payment
 * is left as it is for a person to check.
 */
export function providerOf(
  { providers, log }: Pick<PaymentsDeps, 'providers' | 'log'>,
  payment: { id: string; provider: string },
): PaymentProvider | undefined {
  const provider = providers.get(payment.provider);
  if (!provider)
    log.error(
      { paymentId: payment.id, provider: payment.provider },
      'no payment provider is registered under this name; payment left as it is',
    );
  return provider;
}

/** The row's provider for a shopper's next step; a provider no longer registered answers as an unavailable method. */
export function providerToContinue(
  deps: Pick<PaymentsDeps, 'providers' | 'log'>,
  payment: { id: string; provider: string },
): PaymentProvider {
  const provider = providerOf(deps, payment);
  if (!provider) throw methodUnavailable();
  return provider;
}

/** Provider faults are not the shopper's: a clear 502, details only in our log. */
export async function callProvider<T>(log: FastifyBaseLogger, step: string, fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    log.error({ err: err instanceof Error ? err.message : String(err), step }, 'payment provider call failed');
    throw new AppError(502, 'PROVIDER_UNAVAILABLE', 'The payment service is not answering. Please try again.');
  }
}
