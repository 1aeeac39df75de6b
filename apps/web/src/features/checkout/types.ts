// The order of the contract (packages/shared schemas/checkout.ts); money in integer cents, coins integer.
export type { Order, OrderItem, OrderStatus } from '@store/shared';
