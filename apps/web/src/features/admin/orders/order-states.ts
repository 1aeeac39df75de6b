import type { OrderStatus } from '@store/shared';

// The order states in the order a shop reads them (the schema's enum stays out of the chunk).
export const ORDER_STATES: OrderStatus[] = ['pending', 'paid', 'fulfilled', 'failed', 'canceled', 'refunded'];

export const isOrderState = (value: string | null): value is OrderStatus => ORDER_STATES.includes(value as OrderStatus);

/** The states a refund can start from: money was taken. */
export const REFUNDABLE: OrderStatus[] = ['paid', 'fulfilled'];

/** What a person reads for each state (issue 24: statuses in words, never raw values). */
export const ORDER_STATE_LABELS: Record<OrderStatus, string> = {
  pending: 'Awaiting payment',
  paid: 'Paid',
  fulfilled: 'Fulfilled',
  failed: 'Failed',
  canceled: 'Canceled',
  refunded: 'Refunded',
};
