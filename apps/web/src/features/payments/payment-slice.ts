import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { SavedBankAccount } from '@store/shared';
import type { SavedCard, ThreeDFingerprinting, ThreeDSecureUrl } from './types.ts';
import { savedCardsApi } from './api/saved-cards.ts';
import { deleteCardApi } from './api/delete-card.ts';
import { stripePaymentMethodsApi } from './api/stripe-payment-methods.ts';
import { stripeSaveCardApi } from './api/stripe-save-card.ts';
import { stripeDeleteMethodApi } from './api/stripe-delete-method.ts';
import type { CashierCardView, StripeCashAppAccount, StripeSavedCard } from '@store/shared';
import { bankAccountsApi } from './api/bank-accounts.ts';
import { deleteBankAccountApi } from './api/delete-bank-account.ts';
import { allowedProvidersApi } from './api/allowed-providers.ts';
import { whitelistStatesApi } from './api/whitelist-states.ts';

interface SavedOption {
  userPaymentOptionId: string;
}

/** A linked bank account: its userPaymentOptionId, and what identifies it once the API has said (GET v1/nuvei/banks). */
export type SavedBankAccountEntry = SavedOption & Partial<Omit<SavedBankAccount, 'userPaymentOptionId'>>;

/** A card saved on the cashier's page: its id, and its brand, last 4 and expiry once the API has said (nuveiCards). */
export type SavedCashierCardEntry = SavedOption & Partial<Omit<CashierCardView, 'userPaymentOptionId'>>;

/** SPEC §3 "Saved payment state". */
export interface PaymentState {
  userSavedCards: SavedCard[];
  userSavedNuveiCashierCards: SavedCashierCardEntry[];
  userCashAppAccounts: SavedOption[];
  /**
   * Cards saved with Stripe (GET v1/payment/stripe/payment-methods data.paymentMethods.card; ADR 012). Not
   * in userSavedCards: those are the card provider's and are paid through another API with a CVV.
   */
  userSavedStripeCards: StripeSavedCard[];
  approvelySavedAccounts: SavedOption[];
  userSavedCardsACH: SavedBankAccountEntry[];
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
  userSavedStripeCards: [],
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
  state.userSavedStripeCards = without(state.userSavedStripeCards, id);
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
    bankAccountSaved(state, action: PayloadAction<SavedBankAccountEntry>) {
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
    // Stripe's list fills three lists: its cards, the cashier's cards and the Cash App accounts (SPEC §3).
    builder.addMatcher(stripePaymentMethodsApi.endpoints.paymentsStripeMethods.matchFulfilled, (state, { payload }) => {
      state.userSavedStripeCards = payload.card;
      state.userSavedNuveiCashierCards = payload.nuveiCards;
      state.userCashAppAccounts = payload.cashapp;
    });
    builder.addMatcher(stripeSaveCardApi.endpoints.paymentsStripeSaveCard.matchFulfilled, (state, { payload }) => {
      state.userSavedStripeCards = putFirst(state.userSavedStripeCards, payload);
    });
    // SPEC §4: deleting through Stripe's DELETE drops the id from the card, cash-app and cashier lists together.
    builder.addMatcher(stripeDeleteMethodApi.endpoints.paymentsStripeDeleteMethod.matchFulfilled, (state, { meta }) =>
      removeCard(state, meta.arg.originalArgs),
    );
    builder.addMatcher(bankAccountsApi.endpoints.paymentsBankAccounts.matchFulfilled, (state, { payload }) => {
      state.userSavedCardsACH = payload;
    });
    // SPEC §4: deleting a bank account removes it from the bank list.
    builder.addMatcher(deleteBankAccountApi.endpoints.paymentsDeleteBankAccount.matchFulfilled, (state, { meta }) => {
      state.userSavedCardsACH = without(state.userSavedCardsACH, meta.arg.originalArgs);
    });
    builder.addMatcher(allowedProvidersApi.endpoints.paymentsAllowedProviders.matchFulfilled, (state, { payload }) => {
      state.allowedPaymentsProviders = payload.allowedPayment;
    });
    builder.addMatcher(whitelistStatesApi.endpoints.paymentsWhitelistStates.matchFulfilled, (state, { payload }) => {
      state.whiteListedStates = payload;
    });
  },
});

export const { cardSaved, bankAccountSaved, cardDeleted, bankAccountDeleted, threeDFingerprintingStored, threeDSecureUrlStored } =
  paymentSlice.actions;
export const paymentReducer = paymentSlice.reducer;

export const selectSavedCards = (state: { usersCards: PaymentState }) => state.usersCards.userSavedCards;
export const selectSavedBankAccounts = (state: { usersCards: PaymentState }) => state.usersCards.userSavedCardsACH;
export const selectAllowedPaymentsProviders = (state: { usersCards: PaymentState }) => state.usersCards.allowedPaymentsProviders;
export const selectWhiteListedStates = (state: { usersCards: PaymentState }) => state.usersCards.whiteListedStates;
export const selectCashierCards = (state: { usersCards: PaymentState }) => state.usersCards.userSavedNuveiCashierCards;
export const selectStripeCards = (state: { usersCards: PaymentState }) => state.usersCards.userSavedStripeCards;
export const selectCashAppAccounts = (state: { usersCards: PaymentState }) =>
  state.usersCards.userCashAppAccounts as (SavedOption & Partial<StripeCashAppAccount>)[];
