// What each outbox topic fulfilment writes does. Handlers read current state when they run (the balance
// now, the cart now), so a retried or late row still sends the truth, and running one twice is harmless.
import type { OUTBOX_TOPICS, TopicPayload } from '@store/shared';
import type { Db } from '../../db/client.ts';
import type { Live } from '../../plugins/live.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { countCartItems } from '../cart/index.ts';
import { buildOrderView, findOrder } from '../checkout/index.ts';
import { receiptEmail } from './receipt-email.ts';
import { findAccount } from '../auth/index.ts';

export interface OutboxDeps {
  db: Db;
  mailer: Mailer;
  live: Live;
  publicUrl: string;
}

/** mail.receipt: the receipt of a fulfilled order, to its buyer. */
export async function sendReceipt(deps: OutboxDeps, { orderId }: TopicPayload<typeof OUTBOX_TOPICS.receipt>): Promise<void> {
  const order = await findOrder(deps.db, orderId);
  if (!order) throw new Error('receipt for a missing order');
  const buyer = await findAccount(deps.db, order.userId);
  if (!buyer) throw new Error('receipt for a missing user');
  const view = await buildOrderView(deps.db, order);
  const purchasesUrl = `${deps.publicUrl.replace(/\/$/, '')}/my-purchases`;
  await deps.mailer.send({ to: buyer.email, ...receiptEmail({ firstname: buyer.firstname, order: view, purchasesUrl }) });
}

/** live.cart: the cart badge's count as it is now (what was bought left the cart). */
export async function pushCartCount(deps: OutboxDeps, { userId }: TopicPayload<typeof OUTBOX_TOPICS.cartCount>): Promise<void> {
  deps.live.emitToUser(userId, 'cartUpdated', { itemCount: await countCartItems(deps.db, userId) });
}
