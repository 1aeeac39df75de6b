// The fulfilment module's background work: the outbox rows a fulfilment writes (receipt, live cart
// updates) get delivered; the pay-an-order workflow fulfils orders left 'paid', the wallet module
// delivers wallet updates.
import { handleTopic } from '../../background/topics.ts';
import type { BackgroundWork } from '../../background/work.ts';
import { pushCartCount, sendReceipt, type OutboxDeps } from './outbox-handlers.ts';
import { OUTBOX_TOPICS } from '@store/shared';

export function fulfilmentBackground(deps: OutboxDeps): BackgroundWork {
  // Every topic a fulfilment writes has its handler here.
  const topics = [
    handleTopic(OUTBOX_TOPICS.receipt, (payload) => sendReceipt(deps, payload)),
    handleTopic(OUTBOX_TOPICS.cartCount, (payload) => pushCartCount(deps, payload)),
  ];
  return { topics };
}
