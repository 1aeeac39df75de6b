import { userReducer } from '../features/user/user-slice.ts';
import { cartReducer } from '../features/cart/cart-slice.ts';
import { paymentReducer } from '../features/payments/payment-slice.ts';
import { myPurchasesReducer } from '../features/purchases/my-purchases-slice.ts';
import { orderDetailsReducer } from '../features/checkout/order-details-slice.ts';
import { purchaseMemoryReducer } from '../features/purchases/purchase-memory-slice.ts';
import { cashoutReducer } from '../features/cashout/cashout-slice.ts';

/**
 * The signed-in shopper's slices, a chunk of its own (issue 8): loaded when someone signs in or arrives
 * signed in (app/store.ts loadSignedInState injects them), and by the unit tests' setup for every store.
 *
 * orderDetails and purchaseMemory are SPEC §3 state no screen reads yet, kept for the features to come.
 * Each slice is written where the spec says (its feature's calls and actions), so a screen that needs
 * it later only reads it:
 * - orderDetails: the order of buy-now, cancel and getorder (SPEC §7).
 * - purchaseMemory: success data, digitProductID / digitProductType (persisted), lastPurchased.
 *
 * Derived rather than kept (selectors over the cached getuser answer, features/user/spec-state.ts):
 * customer info and the edit-user state. Fields of the spec no screen reads yet inside slices that are
 * read stay in their slices: user (fbData, appleData, provider), cart (coin, android, getOrderCart),
 * usersCards (every list but userSavedCards, whiteListedStates, allowedPaymentsProviders, the 3-D
 * Secure steps), productListing (products, giftCards, singleProdutPackages), myPurchases (secKeyData, test).
 */
export const signedInReducers = {
  user: userReducer,
  cart: cartReducer,
  usersCards: paymentReducer,
  myPurchases: myPurchasesReducer,
  orderDetails: orderDetailsReducer,
  purchaseMemory: purchaseMemoryReducer,
  cashout: cashoutReducer,
};
