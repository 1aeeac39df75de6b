// Reservations do not outlive an abandoned payment. prepareOrderForPayment holds gift-card codes and
// coupon uses for an order while the shopper pays; a closed 3-D Secure page or a provider that never
// answers would otherwise hold them for good (the last code sold out to everyone else). A periodic
// sweep (checkout's background job, background.ts) fails such orders and gives back what they held. A payment approved later
// for an expired order is refunded by payments (an approval for a failed order is an orphan).
import type { Db } from '../../db/client.ts';
import { failOrder, lockOrderForChange } from './order-intents.ts';
import { hasSettlingPayment, listSettlingOrderIds } from '../payments/index.ts';
import { listOrdersHoldingSince, type HoldingCursor } from './repository.ts';
import { releaseReservations } from './service.ts';

/** Orders released per sweep, and orders read per page; the next sweep takes the rest. */
const SWEEP_BATCH = 100;

/**
 * The expired orders' ids, oldest first, at most SWEEP_BATCH: those whose payment is settling are paged
 * past (payments answers which), so however many wait for a bank, the others still expire.
 */
async function expiredCandidates(db: Db, cutoff: Date): Promise<string[]> {
  const found: string[] = [];
  let after: HoldingCursor | undefined;
  while (found.length < SWEEP_BATCH) {
    const page = await listOrdersHoldingSince(db, cutoff, SWEEP_BATCH, after);
    const settling = await listSettlingOrderIds(
      db,
      page.map((o) => o.id),
    );
    found.push(...page.filter((o) => !settling.has(o.id)).map((o) => o.id));
    if (page.length < SWEEP_BATCH) break;
    after = page[page.length - 1];
  }
  return found.slice(0, SWEEP_BATCH);
}

export const reservationExpiredMessage = (minutes: number) =>
  `This order was not paid within ${minutes} minutes, so the items held for it were released.`;

/**
 * Fails pending orders whose reservations are older than `maxAgeMinutes` at `now` and frees their codes
 * and coupon uses. Returns how many it released.
 */
export async function releaseExpiredReservations(db: Db, maxAgeMinutes: number, now = new Date()): Promise<number> {
  const cutoff = new Date(now.getTime() - maxAgeMinutes * 60_000);
  let released = 0;
  for (const orderId of await expiredCandidates(db, cutoff)) {
    const expired = await db.transaction(async (tx) => {
      const order = await lockOrderForChange(tx, orderId);
      // Checked again under the lock: the payment may have gone through or been retried meanwhile.
      if (!order || order.status !== 'pending' || !order.reservationsHeld || !order.reservedAt || order.reservedAt >= cutoff) return false;
      // A bank payment of the order is settling: the order waits for it (ADR 011).
      if (await hasSettlingPayment(tx, order.id)) return false;
      await releaseReservations(tx, order);
      await failOrder(tx, order, reservationExpiredMessage(maxAgeMinutes), { released: true });
      return true;
    });
    if (expired) released += 1;
  }
  return released;
}
