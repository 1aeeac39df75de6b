// The fulfilment module's background work: orders left 'paid' get fulfilled, and the outbox rows a
// fulfilment writes (receipt, live cart updates) get delivered; the wallet module delivers wallet updates.
import type { FastifyBaseLogger } from 'fastify';
import { handleTopic } from '../../background/topics.ts';
import type { BackgroundWork } from '../../background/work.ts';
import { pushCartCount, sendReceipt, type OutboxDeps } from './outbox-handlers.ts';
import { OUTBOX_TOPICS } from '@store/shared';
import { fulfilPaidOrders, type FulfilmentDeps } from './service.ts';

export function fulfilmentBackground(deps: FulfilmentDeps & OutboxDeps & { log: FastifyBaseLogger }): BackgroundWork {
  // Every topic fulfilment writes (repository.ts) has its handler here.
  const topics = [
    handleTopic(OUTBOX_TOPICS.receipt, (payload) => sendReceipt(deps, payload)),
    handleTopic(OUTBOX_TOPICS.cartCount, (payload) => pushCartCount(deps, payload)),
  ];
  return { jobs: [{ name: 'fulfilment.paid-orders', run: () => fulfilPaidOrders(deps) }], topics };
}
