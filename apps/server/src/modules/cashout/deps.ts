import type { FastifyBaseLogger } from 'fastify';
import type { Wake } from '../../background/work.ts';
import type { Db } from '../../db/client.ts';
import type { PaymentProviders } from '../../providers/payments/registry.ts';

/** What the cash-out services need: the database, the payment providers (for the payout), a logger, the outbox's wake. */
export interface CashoutDeps {
  db: Db;
  providers: PaymentProviders;
  log: FastifyBaseLogger;
  wake: Wake;
}
