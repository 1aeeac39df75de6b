import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { useDispatch, useSelector } from 'react-redux';

// Store-agnostic hooks: lib/ and the features never know the whole store (app/ composes it). A
// selector names the slices it reads in its parameter type, and the hook takes its state from that.

/** Dispatches actions and thunks (RTK Query's initiate among them) on whichever store holds the API. */
export type AppThunkDispatch = ThunkDispatch<unknown, unknown, UnknownAction>;

export const useAppDispatch = useDispatch.withTypes<AppThunkDispatch>();
export const useAppSelector: <State, Selected>(selector: (state: State) => Selected) => Selected = useSelector;
