// Public surface of the checkout module. Checkout owns orders, their state machine and what an order
// holds while it is paid for (gift-card codes, a coupon use). It knows nothing of payments or
// fulfilment: payments drives it through the steps below, fulfilment completes paid orders with the
// order operations at the end (inside fulfilment's own transaction).
export { checkoutBackground } from './background.ts';
export { default as checkoutRoutes } from './routes.ts';
export {
  buyNow,
  listOrdersOf,
  markOrderPaid,
  NOT_PAYABLE_MESSAGE,
  placeOrder,
  prepareOrderForPayment,
  recordPaymentFailed,
  withPendingOrder,
  type PaymentStep,
} from './service.ts';
export { buildOrderView } from './order-view.ts';
export { assignReservedCodes, GIFT_CARD_SOLD_OUT_MESSAGE, reserveGiftCardCodes } from './stock.ts';

// Order intents for fulfilment and payments (issue 25): one order locked in the caller's transaction, then
// moved on only by an intent that checks its own transition. Nothing outside checkout writes an order.
export { assertTransition } from './order-state.ts';
export {
  completeOrder,
  lockOrderForChange,
  refundOrder,
  withdrawFirstPurchaseBonus,
  type LockedOrder,
  type OrderRecord,
} from './order-intents.ts';
export { findOrder, listOrderItems, listPaidOrderIds } from './repository.ts';
