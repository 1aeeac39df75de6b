// Public surface of the checkout module. Checkout owns orders, their state machine and what an order
// holds while it is paid for (gift-card codes, a coupon use). It asks payments only whether an order's
// payment is settling and how it was paid (ADR 057), and knows nothing of fulfilment: the pay-an-order
// workflow (workflows/pay-order) calls the steps and intents below in the transactions it opens.
export { checkoutBackground } from './background.ts';
export { default as checkoutRoutes } from './routes.ts';
export {
  buyNow,
  failUnpayableOrder,
  holdOrderForPayment,
  lockPayableOrder,
  ReservationRefused,
  listOrdersOf,
  NOT_PAYABLE_MESSAGE,
  ORDER_NOT_FOUND,
  placeOrder,
  recordPaymentFailed,
} from './service.ts';
export { buildOrderView } from './order-view.ts';
export { assignReservedCodes, GIFT_CARD_SOLD_OUT_MESSAGE, reserveGiftCardCodes } from './stock.ts';

// Order intents for the pay-an-order workflow, fulfilment and payments (issue 25): one order locked in the caller's transaction, then
// moved on only by an intent that checks its own transition. Nothing outside checkout writes an order.
export { assertTransition } from './order-state.ts';
export {
  completeOrder,
  lockOrderForChange,
  markPaid,
  refundOrder,
  withdrawFirstPurchaseBonus,
  type LockedOrder,
  type OrderRecord,
} from './order-intents.ts';
export { findOrder, listOrderItems, listPaidOrderIds } from './repository.ts';
// The order a ledger entry is about, by number (the wallet history, the console).
export { findOrderNumbers, type NamedOrder } from './repository.ts';
