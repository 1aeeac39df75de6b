// Card-testing limits (issue 7): card checks and payment attempts (v1/nuvei/init, with or without an
// order) count per shopper and per address over CARD_ATTEMPT_WINDOW_MINUTES, a decline weighing
// DECLINE_WEIGHT attempts, since a stream of declines is what card testing looks like. Over a limit the
// request is refused with 429 before anything reaches the provider or touches the order.
// payment/first is not counted: it continues an attempt init already counted, and refusing it would
// strand that attempt half way; its declines do count.
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../../config.ts';
import { AppError } from '../../lib/errors.ts';
import type { AttemptCounters } from '../../plugins/attempt-counters.ts';
import { signedInUser } from '../../plugins/auth.ts';

/** What one decline counts as: the attempt itself plus three more. */
export const DECLINE_WEIGHT = 4;
export const CARD_ATTEMPTS_LIMITED = 'CARD_ATTEMPTS_LIMITED';

export const cardAttemptsMessage = (waitSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return `Too many card attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} before trying again.`;
};

/** One request's attempts: admitted once before the provider, and told when the provider declined. */
export interface CardAttempts {
  /** Counts the attempt; 429 CARD_ATTEMPTS_LIMITED (Retry-After set) when the shopper or the address is over its limit. */
  admit(reply: FastifyReply): Promise<void>;
  /** A decline: the attempt weighs DECLINE_WEIGHT in all. Never throws (the shopper still hears of the decline). */
  declined(): Promise<void>;
}

type Limits = Pick<Config, 'CARD_ATTEMPTS_PER_SHOPPER' | 'CARD_ATTEMPTS_PER_ADDRESS' | 'CARD_ATTEMPT_WINDOW_MINUTES'>;

export function cardAttemptsOf(
  counters: AttemptCounters,
  limits: Limits,
  log: FastifyBaseLogger,
  who: { userId: string; ip: string },
): CardAttempts {
  const keys = [`card:shopper:${who.userId}`, `card:address:${who.ip}`];
  const maxima = [limits.CARD_ATTEMPTS_PER_SHOPPER, limits.CARD_ATTEMPTS_PER_ADDRESS];
  const windowMs = limits.CARD_ATTEMPT_WINDOW_MINUTES * 60_000;
  return {
    async admit(reply) {
      const counts = await counters.add(keys, 1, windowMs);
      const over = counts.filter((c, i) => c.count > maxima[i]!);
      if (over.length === 0) return;
      const waitSeconds = Math.ceil(Math.max(...over.map((c) => c.resetInMs)) / 1000);
      log.warn({ userId: who.userId, ip: who.ip, counts: counts.map((c) => c.count) }, 'card attempts over the limit');
      reply.header('retry-after', String(waitSeconds));
      throw new AppError(429, CARD_ATTEMPTS_LIMITED, cardAttemptsMessage(waitSeconds));
    },
    async declined() {
      await counters.add(keys, DECLINE_WEIGHT - 1, windowMs).catch((err: unknown) => {
        log.warn({ err: err instanceof Error ? err.message : String(err) }, 'counting a declined card attempt failed');
      });
    },
  };
}

/** The request's card attempts, counted by the signed-in shopper and the caller's address. */
export const cardAttemptsFor = (app: FastifyInstance, request: FastifyRequest): CardAttempts =>
  cardAttemptsOf(app.attemptCounters, app.config, request.log, { userId: signedInUser(request)._id, ip: request.ip });
