import { combineReducers, configureStore } from '@reduxjs/toolkit';
import { api, apiEnvironment } from '../lib/api.ts';
import { loadingReducer } from '../lib/loading-slice.ts';
import { resetState } from '../lib/session.ts';
import { authReducer, selectAuthToken } from '../features/auth/auth-slice.ts';
import { loginReducer } from '../features/auth/login-slice.ts';
import { productListingReducer } from '../features/catalog/product-listing-slice.ts';
import { userReducer } from '../features/user/user-slice.ts';
import { cartReducer } from '../features/cart/cart-slice.ts';
import { paymentReducer } from '../features/payments/payment-slice.ts';
import { myPurchasesReducer } from '../features/purchases/my-purchases-slice.ts';
import { hydratedAuthState, sessionListener } from './session.ts';
import { specStateReducers } from './spec-state.ts';

const appReducer = combineReducers({
  // The state the screens read.
  [api.reducerPath]: api.reducer,
  loading: loadingReducer,
  auth: authReducer,
  login: loginReducer,
  user: userReducer,
  productListing: productListingReducer,
  cart: cartReducer,
  usersCards: paymentReducer,
  myPurchases: myPurchasesReducer,
  // SPEC §3 state no screen reads yet (app/spec-state.ts).
  ...specStateReducers,
});

export type RootState = ReturnType<typeof appReducer>;

/** Sign-out resets every slice to its initial state (the token is gone; lazy initial states re-read storage). */
const rootReducer: typeof appReducer = (state, action) =>
  appReducer(resetState.match(action) ? undefined : state, action);

/** A store factory, so every test (and the app) gets a fresh one. It starts signed in when a token is persisted. */
export function makeStore(preloadedState?: Partial<RootState>) {
  return configureStore({
    reducer: rootReducer,
    preloadedState: { auth: hydratedAuthState(), ...preloadedState },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: apiEnvironment(selectAuthToken) } })
        .prepend(sessionListener.middleware)
        .concat(api.middleware),
  });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
