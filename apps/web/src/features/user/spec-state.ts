import { createSelector } from '@reduxjs/toolkit';
import { LANGUAGE_CODE_DEFAULT, type GetUserResponse, type JumioRecord, type UserProfile } from '@store/shared';
import { getUserApi } from './api/get-user.ts';

// SPEC §3 state that the getuser answer feeds (§7: "data, jumio, states feed the customer info, edit
// user, verification and state slices") and that no screen reads yet. Derived from the cached answer
// by selectors rather than kept as copies of it, so there is one source of truth; a sign-out clears
// the cache and with it all of these.

const selectGetUserResult = getUserApi.endpoints.userGetUser.select();

/** SPEC §3 "Customer info" (payment forms prefill from it). */
export interface CustomerInfo {
  firstName: string;
  lastName: string;
  displayName: string;
  address: string;
  city: string;
  state: string;
  zip: string;
  country: string;
  ip: string;
}

export function toCustomerInfo(user: UserProfile | null | undefined): CustomerInfo {
  return {
    firstName: user?.firstname ?? '',
    lastName: user?.lastname ?? '',
    displayName: user?.firstname ?? '',
    address: user?.address?.street ?? '',
    city: user?.address?.city ?? '',
    state: user?.address?.state ?? '',
    zip: user?.address?.zipCode ?? '',
    country: user?.address?.country ?? '',
    ip: user?.userip ?? '',
  };
}

export const selectCustomerInfo = createSelector(selectGetUserResult, ({ data: answer }) => toCustomerInfo(answer?.data));

/** SPEC §3 "Edit-user state": user, jumio, language code l (default sa), state (the US states list). */
export interface EditUserState {
  user: UserProfile | null;
  jumio: JumioRecord | null;
  l: string;
  state: GetUserResponse['states'];
}

export const selectEditUser = createSelector(selectGetUserResult, ({ data: answer }): EditUserState => ({
  user: answer?.data ?? null,
  jumio: answer?.jumio ?? null,
  l: LANGUAGE_CODE_DEFAULT,
  state: answer?.states ?? [],
}));
