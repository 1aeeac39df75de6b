// A bought order as the checkout calls return it (packages/shared schemas/checkout.ts).
import type { Order } from '@store/shared';

export type Purchase = Order;
