// The hosted checkout's own card-attempt limits (issue 21, ADR 031). The host is its own service: it counts
// the card payments it takes whatever its merchants do, per merchant customer across all their sessions (a
// new session for every cart gives no fresh attempts), per device (the SDK's deviceId, when the page was
// given one) and per address, in a window, a decline weighing HOST_DECLINE_WEIGHT. And it honours a
// merchant's hold on its customer (merchant API, PUT .../card-hold): a merchant whose customer is over the
// merchant's own limit stops the card payments of sessions it opened before. Either refusal is 429
// CARD_ATTEMPTS_LIMITED with Retry-After, before the session is claimed or the card provider asked.
// The counters are the app's (Redis when REDIS_URL is set, else memory; a Redis outage counts in memory,
// never stops a payment); holds are rows of the host's own table, so they outlive a restart.
import type { FastifyBaseLogger } from 'fastify';
import type { CheckoutHostConfig } from './config.ts';
import type { Db } from './db.ts';
import { AppError } from '@store/server-kit';
import type { AttemptCounters } from '@store/server-kit';
import * as repo from './repository.ts';

/** The host's code for a refused card attempt, spelled as the storefront's (packages/shared) so a merchant page reads both alike. */
export const CARD_ATTEMPTS_LIMITED = 'CARD_ATTEMPTS_LIMITED';
/** What one decline counts as: the attempt itself plus three more. */
export const HOST_DECLINE_WEIGHT = 4;
/** The longest hold a merchant may set at once (a mistaken date must not lock a customer out for good). */
export const MAX_HOLD_MS = 7 * 24 * 3_600_000;

export type HostCardLimitsConfig = Pick<
  CheckoutHostConfig,
  | 'CHECKOUT_CARD_ATTEMPTS_PER_CUSTOMER'
  | 'CHECKOUT_CARD_ATTEMPTS_PER_DEVICE'
  | 'CHECKOUT_CARD_ATTEMPTS_PER_ADDRESS'
  | 'CHECKOUT_CARD_ATTEMPT_WINDOW_MINUTES'
>;

/** Who tries a card: the caller's address and the page's device id, when known (a challenge settled later knows neither). */
export interface CardAttempter {
  address: string | null;
  deviceId?: string;
}

/** 429 with the seconds to wait, which the host's error handler sends as Retry-After. */
export class CardAttemptsLimited extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
    super(
      429,
      CARD_ATTEMPTS_LIMITED,
      `Too many card attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`,
    );
  }
}

export interface HostCardLimits {
  /** Counts a card attempt of the session; CardAttemptsLimited when its customer is held or anyone is over a limit. */
  admit(session: repo.SessionRow, who: CardAttempter): Promise<void>;
  /** A decline: the rest of its weight. Never throws. */
  declined(session: repo.SessionRow, who: CardAttempter): Promise<void>;
  /** The merchant holds its customer's card payments until `until` (never shortened); answers the hold in force. */
  hold(merchantId: string, customerId: string, until: Date): Promise<Date>;
}

export function createHostCardLimits(opts: {
  counters: AttemptCounters;
  limits: HostCardLimitsConfig;
  db: Db;
  log: FastifyBaseLogger;
}): HostCardLimits {
  const { counters, limits, db, log } = opts;
  const windowMs = limits.CHECKOUT_CARD_ATTEMPT_WINDOW_MINUTES * 60_000;
  const keysOf = (session: repo.SessionRow, who: CardAttempter) => [
    { key: `checkout:card:customer:${session.merchantId}:${session.customerId}`, max: limits.CHECKOUT_CARD_ATTEMPTS_PER_CUSTOMER },
    ...(who.deviceId ? [{ key: `checkout:card:device:${who.deviceId}`, max: limits.CHECKOUT_CARD_ATTEMPTS_PER_DEVICE }] : []),
    ...(who.address ? [{ key: `checkout:card:address:${who.address}`, max: limits.CHECKOUT_CARD_ATTEMPTS_PER_ADDRESS }] : []),
  ];

  return {
    async admit(session, who) {
      const held = await repo.findCardHold(db, session.merchantId, session.customerId);
      const heldForMs = held ? held.holdUntil.getTime() - Date.now() : 0;
      if (heldForMs > 0) {
        log.info({ sessionId: session.id, merchantId: session.merchantId }, 'card payment refused: the merchant holds its customer');
        throw new CardAttemptsLimited(Math.ceil(heldForMs / 1000));
      }
      const entries = keysOf(session, who);
      const counts = await counters.add(
        entries.map((e) => e.key),
        1,
        windowMs,
      );
      const over = counts.filter((c, i) => c.count > entries[i]!.max);
      if (over.length === 0) return;
      log.warn(
        { sessionId: session.id, merchantId: session.merchantId, ip: who.address, counts: counts.map((c) => c.count) },
        'checkout card attempts over the limit',
      );
      throw new CardAttemptsLimited(Math.ceil(Math.max(...over.map((c) => c.resetInMs)) / 1000));
    },

    async declined(session, who) {
      await counters
        .add(
          keysOf(session, who).map((e) => e.key),
          HOST_DECLINE_WEIGHT - 1,
          windowMs,
        )
        .catch((err: unknown) => {
          log.warn({ err: err instanceof Error ? err.message : String(err) }, 'counting a declined checkout card attempt failed');
        });
    },

    hold: (merchantId, customerId, until) => repo.holdCardPayments(db, merchantId, customerId, until),
  };
}
