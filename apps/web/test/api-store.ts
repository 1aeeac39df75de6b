import { combineReducers, configureStore, type Reducer } from '@reduxjs/toolkit';
import { api, apiEnvironment } from '../src/lib/api.ts';
import { loadingReducer, type LoadingState } from '../src/lib/loading-slice.ts';

type StateOf<Slices> = { [Key in keyof Slices]: Slices[Key] extends Reducer<infer State> ? State : never };
type ApiStoreState<Slices> = StateOf<Slices> & { [api.reducerPath]: ReturnType<typeof api.reducer>; loading: LoadingState };

/**
 * A store with only the API (and the loading flag it drives) plus the slices a test names, for tests
 * of lib/ and of one feature's logic. `token` is the session token the API sends. Screens are tested
 * in the app's own store (render.tsx).
 */
export function makeApiStore<Slices extends Record<string, Reducer> = Record<never, Reducer>>(
  slices: Slices = {} as Slices,
  { token = null }: { token?: string | null } = {},
) {
  const reducer = combineReducers({ ...slices, [api.reducerPath]: api.reducer, loading: loadingReducer }) as unknown as Reducer<
    ApiStoreState<Slices>
  >;
  const environment = apiEnvironment(() => token);
  return configureStore({
    reducer,
    middleware: (getDefault) => getDefault({ thunk: { extraArgument: environment } }).concat(api.middleware),
  });
}
