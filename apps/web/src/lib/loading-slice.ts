import { createSlice } from '@reduxjs/toolkit';

// SPEC §3 "Loading indicator: a stack of flags". A stack (not a boolean) so overlapping calls keep the
// indicator on until the last one ends.
export interface LoadingState {
  stack: true[];
}

const initialState: LoadingState = { stack: [] };

const loadingSlice = createSlice({
  name: 'loading',
  initialState,
  reducers: {
    loadingStarted(state) {
      state.stack.push(true);
    },
    loadingEnded(state) {
      state.stack.pop();
    },
  },
});

export const { loadingStarted, loadingEnded } = loadingSlice.actions;
export const loadingReducer = loadingSlice.reducer;

export const selectIsLoading = (state: { loading: LoadingState }): boolean => state.loading.stack.length > 0;
