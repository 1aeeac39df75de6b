// The fulfilment module's background work: orders left 'paid' get fulfilled, and the outbox rows a
// fulfilment writes (receipt, live cart updates) get delivered; the wallet module delivers wallet updates.
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork, TopicHandler } from '../../background/work.ts';
import { pushCartCount, sendReceipt, type OutboxDeps } from './outbox-handlers.ts';
import type { OutboxTopic } from './repository.ts';
import { fulfilPaidOrders, type FulfilmentDeps } from './service.ts';

export function fulfilmentBackground(deps: FulfilmentDeps & OutboxDeps & { log: FastifyBaseLogger }): BackgroundWork {
  // Every topic fulfilment writes has its handler (the type says so).
  const topics: Record<OutboxTopic, TopicHandler> = {
    'mail.receipt': { handle: (payload) => sendReceipt(deps, payload) },
    'live.cart': { handle: (payload) => pushCartCount(deps, payload) },
  };
  return { jobs: [{ name: 'fulfilment.paid-orders', run: () => fulfilPaidOrders(deps) }], topics };
}
