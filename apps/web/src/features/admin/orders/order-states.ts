import type { OrderStatus } from '@store/shared';

// The order states in the order a shop reads them (the schema's enum stays out of the chunk).
export const ORDER_STATES: OrderStatus[] = ['pending', 'paid', 'fulfilled', 'failed', 'canceled', 'refunded'];

export const isOrderState = (value: string | null): value is OrderStatus => ORDER_STATES.includes(value as OrderStatus);

/** The states a refund can start from: money was taken. */
export const REFUNDABLE: OrderStatus[] = ['paid', 'fulfilled'];
