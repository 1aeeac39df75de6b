// What a payments route hands the services: one factory for every provider's routes, so none of them
// forgets a part (the card-attempt limits of ADR 031, the vault's token check of ADR 032).
import type { FastifyInstance } from 'fastify';
import { cardLimitsOf } from './card-attempts.ts';
import type { PaymentsDeps } from './deps.ts';

export function routeDepsOf(app: FastifyInstance) {
  return (log: PaymentsDeps['log'], attempts?: PaymentsDeps['attempts']): PaymentsDeps => ({
    db: app.db,
    providers: app.paymentProviders,
    log,
    attempts,
    cardLimits: cardLimitsOf(app),
    wake: app.outbox,
    cardTokens: app.vault,
    payOrder: app.payOrder,
  });
}
