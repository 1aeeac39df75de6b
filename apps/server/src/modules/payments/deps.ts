import type { FastifyBaseLogger } from 'fastify';
import type { Wake } from '../../background/work.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { PaymentProvider } from '../../providers/payments/types.ts';
import type { CardAttempts } from './card-attempts.ts';

export interface PaymentsDeps {
  db: Db;
  provider: PaymentProvider;
  log: FastifyBaseLogger;
  /** The shopper's card attempts, when a shopper's request is being served (declines weigh more). */
  attempts?: CardAttempts;
  /** The background runner, woken by the fulfilment an approval leads to. */
  wake: Wake;
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
