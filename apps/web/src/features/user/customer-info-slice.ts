import { createSlice } from '@reduxjs/toolkit';
import type { UserProfile } from '@store/shared';
import { getUserApi } from './api/get-user.ts';

/** SPEC §3 "Customer info", derived from the get-user answer (payment forms prefill from it). */
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

const empty: CustomerInfo = {
  firstName: '',
  lastName: '',
  displayName: '',
  address: '',
  city: '',
  state: '',
  zip: '',
  country: '',
  ip: '',
};

export function toCustomerInfo(user: UserProfile): CustomerInfo {
  return {
    firstName: user.firstname,
    lastName: user.lastname,
    displayName: user.firstname,
    address: user.address?.street ?? '',
    city: user.address?.city ?? '',
    state: user.address?.state ?? '',
    zip: user.address?.zipCode ?? '',
    country: user.address?.country ?? '',
    ip: user.userip ?? '',
  };
}

const customerInfoSlice = createSlice({
  name: 'customerInfo',
  initialState: empty,
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(getUserApi.endpoints.userGetUser.matchFulfilled, (_state, { payload }) => toCustomerInfo(payload.data));
  },
});

export const customerInfoReducer = customerInfoSlice.reducer;
export const selectCustomerInfo = (state: { customerInfo: CustomerInfo }) => state.customerInfo;
