// The payments core as it is handed to each provider family (the port of
// providers/payments/core-port.ts, ADR 044): the family's routes and pages record attempts, approvals,
// webhook events and card attempts through these calls, so no provider folder imports this module and
// this module imports no provider folder (only the registry, the provider types and the port).
import type { FastifyInstance } from 'fastify';
import type { PaymentsCore } from '../../providers/payments/core-port.ts';
import { getDistributorKeys } from '../settings/index.ts';
import { findAccountName, findBillingDetails } from '../user/index.ts';
import { assertMayPay } from './allowed.ts';
import { cardAttemptsFor, DECLINE_WEIGHT } from './card-attempts.ts';
import { PAYMENT_IN_PROGRESS_MESSAGE, startPayment } from './core.ts';
import { assertCardTokenUsable, callProvider, providerFor, providerToContinue } from './deps.ts';
import { handleNotification } from './notifications.ts';
import { requirePayer } from './payer.ts';
import { CARD_NOT_FOUND } from './saved-cards.ts';
import { reconcileInFlight } from './reconcile.ts';
import { findPayment, findPaymentByTransaction, hasApprovedPayment } from './repository.ts';
import { isAccountFlagged } from './reversal-repository.ts';
import { routeDepsOf } from './route-deps.ts';
import { claimWebhookEvent, finishWebhookEvent, releaseWebhookEvent } from './webhook-events.ts';
import { takeWebhookEvent } from './webhook-intake.ts';

/** The core of this app (its db, registry, card-attempt limits, vault and background runner). */
export function paymentsCoreOf(app: FastifyInstance): PaymentsCore {
  const depsOf = routeDepsOf(app);
  const core: PaymentsCore = {
    deps: (log, attempts) => ({ ...depsOf(log, attempts), core }),
    cardAttempts: (request) => cardAttemptsFor(app, request),
    declineWeight: DECLINE_WEIGHT,
    messages: { paymentInProgress: PAYMENT_IN_PROGRESS_MESSAGE, cardNotFound: CARD_NOT_FOUND },
    startPayment,
    reconcileInFlight,
    handleNotification,
    assertMayPay,
    requirePayer,
    assertCardTokenUsable,
    callProvider,
    providerFor,
    providerToContinue,
    findPayment,
    findPaymentByTransaction,
    hasApprovedPayment,
    isAccountFlagged,
    claimWebhookEvent,
    finishWebhookEvent,
    releaseWebhookEvent,
    takeWebhookEvent,
    distributorKeys: getDistributorKeys,
    accountName: findAccountName,
    billingDetails: findBillingDetails,
  };
  return core;
}
