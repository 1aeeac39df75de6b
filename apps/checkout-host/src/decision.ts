// How a session ends (paid, or declined for good), as the sessions service decides it and every payment path
// asks for it: types only, apart from the context every part is built from (context.ts), which names them.
import type * as repo from './repository.ts';

export type PaymentMethodName = 'card' | 'usdc' | 'ach';

/** A payment's end: the session paid, or declined for good. */
export type Decision =
  | { paid: { method: PaymentMethodName; chain?: string; txId?: string; cardTransactionId?: string } }
  /** `method` is set on the session when it has none yet (a payment refused before it started, ADR 045). */
  | { declined: { code: string; reason: string; method?: PaymentMethodName } };

/** Moves a session (from one of `from`) to paid or declined, with the merchant's webhook event in the same transaction. */
export type Decide = (
  session: repo.SessionRow,
  result: Decision,
  from?: repo.SessionRow['status'][],
) => Promise<repo.SessionRow | undefined>;
