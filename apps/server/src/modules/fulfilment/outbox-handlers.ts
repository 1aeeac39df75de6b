// What each outbox topic does. Handlers read current state when they run (the balance now, the cart
// now), so a retried or late row still sends the truth, and running one twice is harmless.
import type { Db } from '../../db/client.ts';
import type { Live } from '../../plugins/live.ts';
import type { Mailer } from '../../providers/mail/mailer.ts';
import { getWalletCoins } from '../wallet/repository.ts';
import { buildOrderView } from '../checkout/order-view.ts';
import { findOrder } from '../checkout/repository.ts';
import { receiptEmail } from './receipt-email.ts';
import { cartItemCount, findBuyer } from './repository.ts';

export interface OutboxDeps {
  db: Db;
  mailer: Mailer;
  live: Live;
  publicUrl: string;
}

const stringField = (payload: unknown, key: string): string => {
  const value = (payload as Record<string, unknown> | null)?.[key];
  if (typeof value !== 'string') throw new Error(`outbox payload lacks ${key}`);
  return value;
};

export async function handleOutboxRow(deps: OutboxDeps, topic: string, payload: unknown): Promise<void> {
  switch (topic) {
    case 'mail.receipt': {
      const order = await findOrder(deps.db, stringField(payload, 'orderId'));
      if (!order) throw new Error('receipt for a missing order');
      const buyer = await findBuyer(deps.db, order.userId);
      if (!buyer) throw new Error('receipt for a missing user');
      const view = await buildOrderView(deps.db, order);
      const purchasesUrl = `${deps.publicUrl.replace(/\/$/, '')}/my-purchases`;
      await deps.mailer.send({ to: buyer.email, ...receiptEmail({ firstname: buyer.firstname, order: view, purchasesUrl }) });
      return;
    }
    case 'live.wallet': {
      const userId = stringField(payload, 'userId');
      deps.live.emitToUser(userId, 'walletUpdated', { coins: await getWalletCoins(deps.db, userId) });
      return;
    }
    case 'live.cart': {
      const userId = stringField(payload, 'userId');
      deps.live.emitToUser(userId, 'cartUpdated', { itemCount: await cartItemCount(deps.db, userId) });
      return;
    }
    default:
      throw new Error(`unknown outbox topic ${topic}`);
  }
}
