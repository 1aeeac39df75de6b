import type { PaymentMethodEntry } from './types.ts';

/**
 * The ways to pay the pay page (/add-card/:orderId?) offers, in the order it lists them. Each provider's
 * panel adds one entry; the page shows an entry when the server allows one of its method kinds.
 */
export const PAYMENT_METHODS: readonly PaymentMethodEntry[] = [];
