// Tells the shopper an order changed state (the outbox rows updateOrder writes). Reads the order as it is
// now, so a late or repeated row still sends the truth, and two quick changes (paid, then fulfilled) both
// report where the order ended up.
import type { LiveNotice, OUTBOX_TOPICS, TopicPayload } from '@store/shared';
import type { Db } from '../../db/client.ts';
import type { Live } from '../../plugins/live.ts';
import { findOrder, type OrderRow } from './repository.ts';

/**
 * The state changes a shopper should notice wherever they are in the store (§9 toast rules): the order
 * is ready (a bank payment settles days later), or its money went back and its coins with it. A failure
 * shows on the page that paid (the payment call's own error), so it gets no toast of its own.
 */
function noticeOf(order: OrderRow): LiveNotice | null {
  switch (order.status) {
    case 'fulfilled':
      return { type: 'success', content: 'Payment received: your order is complete.' };
    case 'refunded':
      return { type: 'warning', content: 'Your order was refunded: its payment went back to you and its coins were taken back.' };
    default:
      return null;
  }
}

export async function pushOrderState(
  deps: { db: Db; live: Live },
  { orderId }: TopicPayload<typeof OUTBOX_TOPICS.orderState>,
): Promise<void> {
  const order = await findOrder(deps.db, orderId);
  if (!order) return;
  deps.live.emitToUser(order.userId, 'orderUpdated', { orderId: order.id, status: order.status });
  const notice = noticeOf(order);
  if (notice) deps.live.emitToUser(order.userId, 'notification', notice);
}
