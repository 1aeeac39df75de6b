// The order state machine in one table. Every status change goes through assertTransition, so a
// late or repeated event (a decline after a cancel, a second approval) can never move an order
// somewhere the business does not allow.
import type { OrderStatus } from '../../db/schema.ts';
import { AppError } from '../../lib/errors.ts';

export const ORDER_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  pending: ['paid', 'failed', 'canceled'],
  paid: ['fulfilled', 'refunded'],
  fulfilled: ['refunded'],
  failed: [],
  canceled: [],
  refunded: [],
};

export function canTransition(from: OrderStatus, to: OrderStatus): boolean {
  return ORDER_TRANSITIONS[from].includes(to);
}

/** Throws a 409 for any move the table does not list. */
export function assertTransition(from: OrderStatus, to: OrderStatus): void {
  if (!canTransition(from, to)) {
    throw new AppError(409, 'ORDER_STATE', `This order is ${from} and cannot become ${to}.`);
  }
}
