// The hosted checkout's rules: merchants, sessions (the amount lives here, never in the URL), and paying a
// session by card (through the card payment provider), from a bank account (ACH, through the store's bank
// account provider) or with USDC (through the chain adapters). A session is marked paid only by an approved
// card charge, a settled bank debit or a confirmed chain transfer, in the same transaction as the merchant's
// webhook event (outbox). An authOnly session's card is only authorised, and the merchant captures it (capture.ts).
//
// This file composes the parts (sessions.ts, card-payments.ts, bank-payments.ts, usdc-payments.ts, reconcile.ts,
// refunds.ts, usdc-refunds.ts, and the fraud check before each payment, fraud-gate.ts), each built from one
// shared context (context.ts), and re-exports what its importers use.
import { isBankAccountProvider } from '@store/server-kit';
import { createBankPayments } from './bank-payments.ts';
import { createCapture } from './capture.ts';
import { createHostCardLimits } from './card-limits.ts';
import { createCardPayments } from './card-payments.ts';
import type { CheckoutHostContext, CheckoutHostServiceOptions } from './context.ts';
import { createFraudGate } from './fraud-gate.ts';
import { createReconcile } from './reconcile.ts';
import { createRefunds } from './refunds.ts';
import { createSessions } from './sessions.ts';
import { createUsdcPayments, TRANSFER_WAIT_MS } from './usdc-payments.ts';
import { createUsdcRefunds } from './usdc-refunds.ts';

export { PAYMENT_PENDING_EVENT } from './bank-payments.ts';
export { CARD_DECLINED_EVENT, MAX_CARD_DECLINES } from './card-payments.ts';
export { CardAttemptsLimited, MAX_HOLD_MS, type CardAttempter } from './card-limits.ts';
export type { CheckoutHostServiceOptions } from './context.ts';
export type { PaymentMethodName } from './decision.ts';
export { FRAUD_DECLINED, FRAUD_DECLINED_MESSAGE } from './fraud-gate.ts';
export { merchantView, successInfo } from './session-views.ts';
export { AUTHORIZED_EVENT, SESSION_TTL_MS, type CreateSessionInput, type CreateSessionRequest, type MerchantSpec } from './sessions.ts';
export { TRANSFER_WAIT_MS, USDC_UNITS_PER_CENT } from './usdc-payments.ts';

export type CheckoutHostService = ReturnType<typeof createCheckoutHostService>;

export function createCheckoutHostService(opts: CheckoutHostServiceOptions) {
  const shared: Omit<CheckoutHostContext, 'decide' | 'fraud'> = {
    db: opts.db,
    log: opts.log,
    secret: opts.secret,
    chains: opts.chains,
    cardProvider: () => opts.cardProvider(),
    bankProvider: () => {
      const provider = opts.bankProvider?.();
      return isBankAccountProvider(provider) ? provider : undefined;
    },
    providerPageBase: opts.providerPageBase,
    hostOrigin: opts.hostOrigin,
    onEvent: opts.onEvent,
    transferWaitMs: opts.transferWaitMs ?? TRANSFER_WAIT_MS,
    cardLimits: createHostCardLimits({ counters: opts.counters, limits: opts.cardLimits, db: opts.db, log: opts.log }),
    cardTokens: opts.cardTokens,
    fraudProvider: opts.fraudProvider,
    fraudCheck: opts.fraudCheck,
  };
  const sessions = createSessions(shared);
  const ctx: CheckoutHostContext = { ...shared, decide: sessions.decide, fraud: createFraudGate({ ...shared, decide: sessions.decide }) };
  const card = createCardPayments(ctx);
  const bank = createBankPayments(ctx);
  const usdc = createUsdcPayments(ctx);
  const usdcRefunds = createUsdcRefunds(ctx);
  const { capture, voidAuthorization, finishCapturesInDoubt } = createCapture(ctx);
  const { reconcile } = createReconcile(ctx, {
    settleTransfer: usdc.settleTransfer,
    settleChallenge: card.settleChallenge,
    settleBank: bank.settleBank,
    reconcileRefunds: usdcRefunds.reconcileRefunds,
    finishCapturesInDoubt,
  });
  const { refund } = createRefunds(ctx, usdcRefunds);

  return {
    ensureMerchant: sessions.ensureMerchant,
    createSession: sessions.createSession,
    sessionOfKey: sessions.sessionOfKey,
    setParameters: sessions.setParameters,
    payByCard: card.payByCard,
    cardStatus: card.cardStatus,
    finishChallenge: card.finishChallenge,
    challengeFrameAncestors: card.challengeFrameAncestors,
    achAvailable: bank.achAvailable,
    payByAch: bank.payByAch,
    prepareUsdc: usdc.prepareUsdc,
    submitSigned: usdc.submitSigned,
    recordTransaction: usdc.recordTransaction,
    reconcile,
    refund,
    capture,
    voidAuthorization,
    holdCardPayments: shared.cardLimits.hold,
    findMerchant: sessions.findMerchant,
    sessionByReference: sessions.sessionByReference,
  };
}
