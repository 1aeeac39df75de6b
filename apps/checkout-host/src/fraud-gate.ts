// The host's fraud check before each payment (issue 23, ADR 045): the session, the device id the page sent
// and the caller's address go to the fraud provider (under its time limit and failure policy) before a card
// is charged, a bank account debited or a USDC transfer prepared. A flagged payment ends the session
// declined (FRAUD_DECLINED, payment.declined to the merchant) without any provider being called; the
// shopper is told only that the payment could not be accepted, never the score or its reasons. Every check
// is stored (checkout_fraud_checks) with the payment it let through.
import { conflict } from '@store/server-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from './db.ts';
import type { Decide } from './decision.ts';
import { runFraudCheck, type FraudCheckOptions, type FraudMethod, type FraudProvider, type FraudVerdict } from './fraud/index.ts';
import * as repo from './repository.ts';

export const FRAUD_DECLINED = 'FRAUD_DECLINED';
/** What the shopper (and the page's authDeclined) is told: nothing of the score or its reasons. */
export const FRAUD_DECLINED_MESSAGE = 'This payment could not be accepted. Contact the merchant if you think this is a mistake.';

/** Who pays: the caller's address and the device id the page sent, when it had one. */
export interface Payer {
  address: string | null;
  deviceId?: string;
}

export interface FraudDeclinedAnswer {
  status: 'declined';
  code: typeof FRAUD_DECLINED;
  reason: string;
  final: true;
}

export type Screened =
  | { declined: FraudDeclinedAnswer }
  | {
      declined?: undefined;
      /** The check asks for a closer look (or failed under the 'review' policy): a card is asked for 3-D Secure. */
      review: boolean;
      /** Stores the check with the payment it let through (the card attempt, bank attempt or chain payment; null: none started). */
      record(paymentId: string | null): Promise<void>;
    };

export interface FraudGate {
  screen(session: repo.SessionRow, method: FraudMethod, who: Payer): Promise<Screened>;
}

/** What the gate is built from (the host's context has them all; named here so the two files do not import each other). */
export interface FraudGateDeps {
  db: Db;
  log: FastifyBaseLogger;
  fraudProvider: FraudProvider | null;
  fraudCheck: FraudCheckOptions;
  decide: Decide;
}

export function createFraudGate(ctx: FraudGateDeps): FraudGate {
  const { db, log, fraudProvider, fraudCheck, decide } = ctx;

  const rowOf = (session: repo.SessionRow, method: FraudMethod, who: Payer, verdict: FraudVerdict, paymentId: string | null) => ({
    sessionId: session.id,
    method,
    paymentId,
    deviceId: who.deviceId ?? null,
    ip: who.address,
    provider: verdict.provider,
    decision: verdict.decision,
    score: verdict.score,
    reason: verdict.reason,
    outcome: verdict.outcome,
  });

  return {
    async screen(session, method, who) {
      if (!fraudProvider) return { review: false, record: async () => {} };
      const verdict = await runFraudCheck(
        fraudProvider,
        {
          deviceId: who.deviceId ?? null,
          customerId: session.customerId,
          ip: who.address,
          amountCents: session.amountCents,
          currency: 'USD',
          method,
          email: session.customerEmail,
          merchantId: session.merchantId,
          sessionId: session.id,
        },
        fraudCheck,
      );
      if (verdict.outcome !== 'checked')
        log.warn(
          { sessionId: session.id, outcome: verdict.outcome, decision: verdict.decision },
          'fraud check failed: the failure policy decides',
        );
      if (verdict.decision !== 'decline')
        return {
          review: verdict.decision === 'review',
          record: async (paymentId) => {
            await repo.insertFraudCheck(db, rowOf(session, method, who, verdict, paymentId));
          },
        };
      log.info(
        { sessionId: session.id, merchantId: session.merchantId, method, score: verdict.score },
        'payment declined by the fraud check',
      );
      await repo.insertFraudCheck(db, rowOf(session, method, who, verdict, null));
      const declined = await decide(session, { declined: { code: FRAUD_DECLINED, reason: FRAUD_DECLINED_MESSAGE, method } }, ['open']);
      if (!declined) throw conflict('This session is not open for payment.', 'sessionKey');
      return { declined: { status: 'declined', code: FRAUD_DECLINED, reason: FRAUD_DECLINED_MESSAGE, final: true } };
    },
  };
}
