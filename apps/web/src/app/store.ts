import { combineSlices, configureStore, createAction, type Reducer, type UnknownAction } from '@reduxjs/toolkit';
import { api, apiEnvironment, type ApiFetch } from '../lib/api.ts';
import { loadingReducer } from '../lib/loading-slice.ts';
import { emptyLiveSlot, type LiveConnectionOptions } from '../lib/live-socket.ts';
import { resetState } from '../lib/session.ts';
import { authReducer, selectAuthToken, signedIn } from '../features/auth/auth-slice.ts';
import { loginReducer } from '../features/auth/login-slice.ts';
import { productListingReducer } from '../features/catalog/product-listing-slice.ts';
import type { UserState } from '../features/user/user-slice.ts';
import type { CartState } from '../features/cart/cart-slice.ts';
import type { PaymentState } from '../features/payments/payment-slice.ts';
import type { MyPurchasesState } from '../features/purchases/my-purchases-slice.ts';
import type { OrderDetailsState } from '../features/checkout/order-details-slice.ts';
import type { PurchaseMemoryState } from '../features/purchases/purchase-memory-slice.ts';
import type { CashoutState } from '../features/cashout/cashout-slice.ts';
import { loadChunk } from './lazy.ts';
import { hydratedAuthState, sessionListener } from './session.ts';

// The state every visitor's screens read: the API cache and loading flag, the session, the public
// pages. Present from the start.
const guestSlices = combineSlices({
  [api.reducerPath]: api.reducer,
  loading: loadingReducer,
  auth: authReducer,
  login: loginReducer,
  productListing: productListingReducer,
});

/**
 * The signed-in shopper's state (SPEC §3; orderDetails and purchaseMemory are kept for screens to
 * come, app/signed-in-state.ts). Its reducers arrive with their own chunk once someone signs in, so a
 * guest's first load does not carry them (issue 8).
 */
export interface SignedInState {
  user: UserState;
  cart: CartState;
  usersCards: PaymentState;
  myPurchases: MyPurchasesState;
  orderDetails: OrderDetailsState;
  purchaseMemory: PurchaseMemoryState;
  cashout: CashoutState;
}

/** Every store's reducer, into which injectSignedInSlices adds the signed-in slices. */
const rootSlices = guestSlices.withLazyLoadedSlices<SignedInState>();

/**
 * Typed as a signed-in store's state. The signed-in slices are there before anything reads them: the
 * layout renders the signed-in header and screens only once they are (selectSignedInStateReady), and a
 * guest's screens never read them.
 */
export type RootState = ReturnType<typeof guestSlices> & SignedInState;

/** Sign-out resets every slice to its initial state (the token is gone; lazy initial states re-read storage). */
const rootReducer = ((state, action) => rootSlices(resetState.match(action) ? undefined : state, action)) as Reducer<
  RootState,
  UnknownAction,
  Partial<RootState>
>;

/** The signed-in slices have been injected; the action gives them their initial state in this store. */
export const signedInStateLoaded = createAction('session/signedInStateLoaded');

export const selectSignedInStateReady = (state: object): boolean => 'user' in state;

export type SignedInReducers = { [Key in keyof SignedInState]: Reducer<SignedInState[Key]> };

/** Adds the signed-in slices to every store's reducer (again is harmless); a store gets them with its next action. */
export function injectSignedInSlices(reducers: SignedInReducers): void {
  rootSlices
    .inject({ reducerPath: 'user', reducer: reducers.user })
    .inject({ reducerPath: 'cart', reducer: reducers.cart })
    .inject({ reducerPath: 'usersCards', reducer: reducers.usersCards })
    .inject({ reducerPath: 'myPurchases', reducer: reducers.myPurchases })
    .inject({ reducerPath: 'orderDetails', reducer: reducers.orderDetails })
    .inject({ reducerPath: 'purchaseMemory', reducer: reducers.purchaseMemory })
    .inject({ reducerPath: 'cashout', reducer: reducers.cashout });
}

/** Loads the signed-in slices (their chunk, once per page) and initialises them in the store of `dispatch`. */
export async function loadSignedInState(dispatch: (action: UnknownAction) => unknown): Promise<void> {
  const { signedInReducers } = await loadChunk(() => import('./signed-in-state.ts'));
  injectSignedInSlices(signedInReducers);
  dispatch(signedInStateLoaded());
}

// A guest who signs in gets the signed-in slices then (a visitor who arrives signed in: main.tsx).
sessionListener.startListening({
  actionCreator: signedIn,
  effect: (_action, { dispatch }) => loadSignedInState(dispatch),
});

export interface StoreOptions {
  /** Who answers API calls; the browser's fetch unless given (a page rendered on the server gives its own). */
  fetch?: ApiFetch;
  /** The live connection's socket.io-client boundary and cursor storage; the real ones unless given (tests). */
  live?: LiveConnectionOptions;
}

/**
 * A store factory, so every test, the app and every page rendered on the server gets a fresh one. It
 * starts signed in when a token is persisted (never on the server, which has no storage). Each store has
 * its own live connection slot (`live`, issue 25), filled by the signed-in code on first use; a test hands
 * in the socket.io-client boundary through `live`.
 */
export function makeStore(preloadedState?: Partial<RootState>, { fetch, live }: StoreOptions = {}) {
  const liveSlot = emptyLiveSlot(live);
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { auth: hydratedAuthState(), ...preloadedState },
    middleware: (getDefault) =>
      getDefault({ thunk: { extraArgument: { ...apiEnvironment(selectAuthToken, fetch), live: liveSlot } } })
        .prepend(sessionListener.middleware)
        .concat(api.middleware),
  });
  return Object.assign(store, { live: liveSlot });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
