// The embedded checkout's reads of the store's own payment rows. (Its webhook events are claimed through the
// payments module's one claim, webhook-events.ts, ADR 036.)
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client.ts';
import { payments } from '../../../db/schema.ts';
import type { PaymentRecord } from '../core-port.ts';

/** The shopper's embedded-checkout attempt of the order whose session is open (the shopper at the frame), if any. */
export async function findOpenEmbeddedAttempt(db: Db, userId: string, orderId: string): Promise<PaymentRecord | undefined> {
  const [row] = await db
    .select()
    .from(payments)
    .where(
      and(
        eq(payments.orderId, orderId),
        eq(payments.userId, userId),
        eq(payments.method, 'embedded_checkout'),
        eq(payments.status, 'challenge'),
      ),
    )
    .limit(1);
  return row;
}
