import type { FastifyBaseLogger } from 'fastify';
import { CARD_TOKEN_EXPIRED, CARD_TOKEN_EXPIRED_MESSAGE } from '@store/shared';
import { AppError } from '../../lib/errors.ts';
import type { PaymentMethodKind, PaymentProvider } from '@store/server-kit';
import { methodUnavailable, type PaymentsDeps } from '../../providers/payments/core-port.ts';

/** What a payments service is handed: defined by the port the provider families see (ADR 044). */
export type { PaymentsDeps } from '../../providers/payments/core-port.ts';

/** 400 CARD_TOKEN_EXPIRED naming `field` when the vault says nothing used this token in time. */
export async function assertCardTokenUsable(deps: Pick<PaymentsDeps, 'cardTokens'>, token: string, field = 'cardToken'): Promise<void> {
  if (!deps.cardTokens) return;
  if ((await deps.cardTokens.cardTokenState(token)) === 'expired')
    throw new AppError(400, CARD_TOKEN_EXPIRED, CARD_TOKEN_EXPIRED_MESSAGE, field);
}

// The one answer when no provider serves a method kind (the port's, so the families answer it too).
export { methodUnavailable, PAYMENT_METHOD_UNAVAILABLE } from '../../providers/payments/core-port.ts';

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
