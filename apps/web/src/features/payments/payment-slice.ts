import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SavedCard, ThreeDFingerprinting, ThreeDSecureUrl } from './types.ts';
import { savedCardsApi } from './api/saved-cards.ts';
import { deleteCardApi } from './api/delete-card.ts';

interface SavedOption {
  userPaymentOptionId: string;
}

/** SPEC §3 "Saved payment state". */
export interface PaymentState {
  userSavedCards: SavedCard[];
  userSavedNuveiCashierCards: SavedOption[];
  userCashAppAccounts: SavedOption[];
  approvelySavedAccounts: SavedOption[];
  userSavedCardsACH: SavedOption[];
  whiteListedStates: { code: string; name: string; region: string }[];
  allowedPaymentsProviders: Record<string, boolean>;
  /** The 3-D Secure fingerprint step of the current payment (SPEC §4 step 2); an object, empty until then (§3). */
  threeDFingerprinting: ThreeDFingerprinting | Record<string, never>;
  /** The challenge to open (SPEC §4 step 3); an object, empty until then (§3). */
  threeDSecureUrl: ThreeDSecureUrl | Record<string, never>;
}

export const initialPaymentState: PaymentState = {
  userSavedCards: [],
  userSavedNuveiCashierCards: [],
  userCashAppAccounts: [],
  approvelySavedAccounts: [],
  userSavedCardsACH: [],
  whiteListedStates: [],
  allowedPaymentsProviders: {},
  threeDFingerprinting: {},
  threeDSecureUrl: {},
};

/** SPEC §4 "Saving": to the front of its list, replacing any entry with the same userPaymentOptionId. */
function putFirst<T extends SavedOption>(list: T[], saved: T): T[] {
  return [saved, ...list.filter((entry) => entry.userPaymentOptionId !== saved.userPaymentOptionId)];
}

const without = <T extends SavedOption>(list: T[], id: string) => list.filter((entry) => entry.userPaymentOptionId !== id);

function removeCard(state: PaymentState, id: string) {
  state.userSavedCards = without(state.userSavedCards, id);
  state.userCashAppAccounts = without(state.userCashAppAccounts, id);
  state.userSavedNuveiCashierCards = without(state.userSavedNuveiCashierCards, id);
}

const paymentSlice = createSlice({
  name: 'usersCards',
  initialState: initialPaymentState,
  reducers: {
    cardSaved(state, action: PayloadAction<SavedCard>) {
      state.userSavedCards = putFirst(state.userSavedCards, action.payload);
    },
    bankAccountSaved(state, action: PayloadAction<SavedOption>) {
      state.userSavedCardsACH = putFirst(state.userSavedCardsACH, action.payload);
    },
    /** SPEC §4 "Deleting a card": gone from the card, cash-app and cashier-card lists together. */
    cardDeleted(state, action: PayloadAction<string>) {
      removeCard(state, action.payload);
    },
    bankAccountDeleted(state, action: PayloadAction<string>) {
      state.userSavedCardsACH = without(state.userSavedCardsACH, action.payload);
    },
    threeDFingerprintingStored(state, action: PayloadAction<ThreeDFingerprinting>) {
      state.threeDFingerprinting = action.payload;
    },
    threeDSecureUrlStored(state, action: PayloadAction<ThreeDSecureUrl>) {
      state.threeDSecureUrl = action.payload;
    },
  },
  extraReducers: (builder) => {
    builder.addMatcher(savedCardsApi.endpoints.paymentsSavedCards.matchFulfilled, (state, { payload }) => {
      state.userSavedCards = payload;
    });
    builder.addMatcher(deleteCardApi.endpoints.paymentsDeleteCard.matchFulfilled, (state, { meta }) =>
      removeCard(state, meta.arg.originalArgs),
    );
  },
});

export const { cardSaved, bankAccountSaved, cardDeleted, bankAccountDeleted, threeDFingerprintingStored, threeDSecureUrlStored } =
  paymentSlice.actions;
export const paymentReducer = paymentSlice.reducer;

export const selectSavedCards = (state: { usersCards: PaymentState }) => state.usersCards.userSavedCards;
