// The workflow's background work: orders left 'paid' (a crash between the approval and fulfilment, a
// failed fulfilment) are fulfilled, on this instance or another on the same database.
import type { FastifyBaseLogger } from 'fastify';
import type { BackgroundWork } from '../../background/work.ts';
import { fulfilPaidOrders, type FulfilDeps } from './fulfil.ts';

export function payOrderBackground(deps: FulfilDeps & { log: FastifyBaseLogger }): BackgroundWork {
  return { jobs: [{ name: 'pay-order.paid-orders', run: () => fulfilPaidOrders(deps) }] };
}
