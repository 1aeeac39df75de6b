import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api } from '../lib/api.ts';
import { loadingReducer } from '../lib/loading-slice.ts';
import { resetState } from '../lib/session.ts';
import { authReducer } from '../features/auth/auth-slice.ts';
import { loginReducer } from '../features/auth/login-slice.ts';
import { productListingReducer } from '../features/catalog/product-listing-slice.ts';
import { userReducer } from '../features/user/user-slice.ts';
import { editUserReducer } from '../features/user/edit-user-slice.ts';
import { customerInfoReducer } from '../features/user/customer-info-slice.ts';
import { cartReducer } from '../features/cart/cart-slice.ts';
import { orderDetailsReducer } from '../features/checkout/order-details-slice.ts';
import { paymentReducer } from '../features/payments/payment-slice.ts';
import { purchaseMemoryReducer } from '../features/purchases/purchase-memory-slice.ts';
import { myPurchasesReducer } from '../features/purchases/my-purchases-slice.ts';

const appReducer = combineReducers({
  [api.reducerPath]: api.reducer,
  loading: loadingReducer,
  auth: authReducer,
  login: loginReducer,
  user: userReducer,
  editUser: editUserReducer,
  customerInfo: customerInfoReducer,
  productListing: productListingReducer,
  cart: cartReducer,
  orderDetails: orderDetailsReducer,
  usersCards: paymentReducer,
  purchaseMemory: purchaseMemoryReducer,
  myPurchases: myPurchasesReducer,
});

export type RootState = ReturnType<typeof appReducer>;

/** Sign-out resets every slice to its initial state (lazy initial states re-read storage). */
const rootReducer: typeof appReducer = (state, action) =>
  appReducer(resetState.match(action) ? undefined : state, action);

/** A store factory, so every test (and the app) gets a fresh one. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState,
    middleware: (getDefault) => getDefault().concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
