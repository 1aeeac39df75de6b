// Card-testing limits (issues 7 and 21, ADR 031). Every card attempt the store sees counts per shopper and
// per address over CARD_ATTEMPT_WINDOW_MINUTES, whatever the path: a card or a saved card (v1/nuvei/init),
// a card saved or paid with at Stripe or Square, the cashier's page opened, the embedded checkout's
// session opened. A decline weighs DECLINE_WEIGHT attempts, since a stream of declines is what card
// testing looks like, including a decline the provider reports later (a 3-D Secure challenge's, the
// cashier page's, each one of the hosted checkout's). Over a limit the request is refused with 429 before
// anything reaches the provider or touches the order; and a shopper over the limit is held at the
// providers where the store cannot refuse the card itself (the hosted checkout's sessions opened
// earlier), until the window ends.
// payment/first is not counted: it continues an attempt init already counted, and refusing it would
// strand that attempt half way; its declines do count.
import { CARD_ATTEMPTS_LIMITED, type PaymentMethodKind } from '@store/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import type { AttemptCounters } from '@store/server-kit';
import { signedInUser } from '../../plugins/auth.ts';
import type { PaymentProviders } from '../../providers/payments/registry.ts';

export { CARD_ATTEMPTS_LIMITED } from '@store/shared';

/** What one decline counts as: the attempt itself plus three more. */
export const DECLINE_WEIGHT = 4;

/**
 * The method kinds whose declines the provider may report after the request: a card is tried. Not the
 * embedded checkout's (the host reports each card decline of a session itself, payment.card_declined),
 * nor bank accounts or Cash App (no card).
 */
const CARD_METHOD_KINDS: ReadonlySet<PaymentMethodKind> = new Set(['card', 'saved_card', 'cashier', 'stripe_card', 'square_card']);

export const cardAttemptsMessage = (waitSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return `Too many card attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`;
};

// The shapes of attempts are the port's (a family's route admits one and reports declines, ADR 044).
import type { CardAttemptLimits, CardAttempts } from '../../providers/payments/core-port.ts';
export type { CardAttemptLimits, CardAttempts, CardAttemptsWho } from '../../providers/payments/core-port.ts';

/** Tells the providers that take cards beyond the store's routes to refuse this shopper's card payments until then. */
export type HoldCards = (userId: string, until: Date) => Promise<void>;

type Limits = Pick<Config, 'CARD_ATTEMPTS_PER_SHOPPER' | 'CARD_ATTEMPTS_PER_ADDRESS' | 'CARD_ATTEMPT_WINDOW_MINUTES'>;

/** Shoppers whose hold this process has told, kept at most (the oldest go first). */
const MAX_HOLDS_REMEMBERED = 10_000;
/** Two holds this close are the same window's (a Redis TTL read twice differs by milliseconds). */
const SAME_HOLD_MS = 5_000;

export function cardAttemptLimits(counters: AttemptCounters, limits: Limits, log: FastifyBaseLogger, hold?: HoldCards): CardAttemptLimits {
  const windowMs = limits.CARD_ATTEMPT_WINDOW_MINUTES * 60_000;
  // The window each held shopper was held until, so a stream of refused requests tells the providers once.
  const held = new Map<string, number>();

  async function holdShopper(userId: string, resetInMs: number): Promise<void> {
    if (!hold) return;
    const now = Date.now();
    const until = now + resetInMs;
    const known = held.get(userId);
    if (known !== undefined && known >= until - SAME_HOLD_MS) return;
    held.delete(userId);
    held.set(userId, until);
    for (const [id, at] of held) if (held.size > MAX_HOLDS_REMEMBERED || at <= now) held.delete(id);
    try {
      await hold(userId, new Date(until));
    } catch (err) {
      // Told again on the shopper's next attempt; meanwhile the hosted checkout's own limits still count.
      held.delete(userId);
      log.warn({ userId, err: err instanceof Error ? err.message : String(err) }, 'holding card payments at a provider failed');
    }
  }

  return {
    of(who) {
      const keys = [`card:shopper:${who.userId}`, ...(who.address ? [`card:address:${who.address}`] : [])];
      const maxima = [limits.CARD_ATTEMPTS_PER_SHOPPER, limits.CARD_ATTEMPTS_PER_ADDRESS];
      return {
        who,
        async admit(reply) {
          const counts = await counters.add(keys, 1, windowMs);
          const over = counts.filter((c, i) => c.count > maxima[i]!);
          if (over.length === 0) return;
          const waitSeconds = Math.ceil(Math.max(...over.map((c) => c.resetInMs)) / 1000);
          log.warn({ userId: who.userId, ip: who.address, counts: counts.map((c) => c.count) }, 'card attempts over the limit');
          if (counts[0]!.count > maxima[0]!) await holdShopper(who.userId, counts[0]!.resetInMs);
          reply.header('retry-after', String(waitSeconds));
          throw new AppError(429, CARD_ATTEMPTS_LIMITED, cardAttemptsMessage(waitSeconds));
        },
        async declined(weight = DECLINE_WEIGHT - 1) {
          try {
            const [shopper] = await counters.add(keys, weight, windowMs);
            if (shopper!.count > maxima[0]!) await holdShopper(who.userId, shopper!.resetInMs);
          } catch (err) {
            log.warn({ err: err instanceof Error ? err.message : String(err) }, 'counting a declined card attempt failed');
          }
        },
      };
    },
  };
}

/** Every registered provider that takes card payments the store cannot refuse itself (holdCardPayments), told. */
function holdAtProviders(providers: PaymentProviders): HoldCards {
  return async (userId, until) => {
    const holding = providers.names().flatMap((name) => {
      const provider = providers.get(name);
      return provider?.holdCardPayments ? [provider.holdCardPayments(userId, until)] : [];
    });
    const failed = (await Promise.allSettled(holding)).find((r) => r.status === 'rejected');
    if (failed) throw failed.reason;
  };
}

// One per app (its counters), so every route and the background work share the record of holds told.
const perApp = new WeakMap<AttemptCounters, CardAttemptLimits>();

/** The app's card-attempt limits: its counters (Redis or memory), CARD_ATTEMPTS_* and its providers' holds. */
export function cardLimitsOf(app: FastifyInstance): CardAttemptLimits {
  let limits = perApp.get(app.attemptCounters);
  if (!limits) {
    limits = cardAttemptLimits(app.attemptCounters, app.config, app.log, holdAtProviders(app.paymentProviders));
    perApp.set(app.attemptCounters, limits);
  }
  return limits;
}

/** The request's card attempts, counted by the signed-in shopper and the caller's address. */
export const cardAttemptsFor = (app: FastifyInstance, request: FastifyRequest): CardAttempts =>
  cardLimitsOf(app).of({ userId: signedInUser(request)._id, address: request.ip });

/**
 * A decline the provider reported after the shopper's request (a notification, a lookup): the attempt was
 * counted when it started; its decline weighs the rest, on the shopper and the address it started from.
 */
export async function countReportedDecline(
  limits: CardAttemptLimits | undefined,
  payment: { userId: string; method: PaymentMethodKind; clientAddress: string | null },
): Promise<void> {
  if (!limits || !CARD_METHOD_KINDS.has(payment.method)) return;
  await limits.of({ userId: payment.userId, address: payment.clientAddress }).declined();
}
