import { createSlice } from '@reduxjs/toolkit';
import { LANGUAGE_CODE_DEFAULT, type JumioRecord, type UserProfile } from '@store/shared';
import { getUserApi } from './api/get-user.ts';

export interface UsState {
  code: string;
  name: string;
  region: string;
}

/** SPEC §3 "Edit-user state": user, jumio, language code l (default sa), state (the US states list). */
export interface EditUserState {
  user: UserProfile | null;
  jumio: JumioRecord | null;
  l: string;
  state: UsState[];
}

const initialState: EditUserState = { user: null, jumio: null, l: LANGUAGE_CODE_DEFAULT, state: [] };

const editUserSlice = createSlice({
  name: 'editUser',
  initialState,
  reducers: {},
  extraReducers: (builder) => {
    builder.addMatcher(getUserApi.endpoints.userGetUser.matchFulfilled, (state, { payload }) => {
      state.user = payload.data;
      state.jumio = payload.jumio;
      state.state = payload.states;
    });
  },
});

export const editUserReducer = editUserSlice.reducer;
