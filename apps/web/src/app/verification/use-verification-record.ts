import { useCallback } from 'react';
import { useStore } from 'react-redux';
import { JUMIO_KEY, type JumioRecord } from '@store/shared';
import { storage } from '../../lib/storage.ts';
import { getUserApi, useUserGetUserQuery } from '../../features/user/api/get-user.ts';
import type { VerificationRecordView } from '../../features/verification/types.ts';
import type { AppStore } from '../store.ts';

/**
 * Puts a new verification record into the cached getuser answer, the one copy every reader shares: the
 * user slice's jumio follows it (upsertQueryData runs as a fulfilled getuser), and so does the jumio
 * key in local storage (SPEC §3 "Kept locally under the name jumio").
 */
export function storeVerificationRecord(store: AppStore, jumio: JumioRecord): void {
  storage.set(JUMIO_KEY, jumio);
  const answer = getUserApi.endpoints.userGetUser.select()(store.getState()).data;
  if (answer) void store.dispatch(getUserApi.util.upsertQueryData('userGetUser', undefined, { ...answer, jumio }));
}

/**
 * The verification record from GET v1/getuser (SPEC §7: its jumio feeds the verification state). The
 * signed-in header already asked for it, so this subscribes to the same cached answer: no second fetch.
 */
export function useVerificationRecord(): VerificationRecordView {
  const { data, isError, refetch } = useUserGetUserQuery();
  const store = useStore() as AppStore;
  const update = useCallback((jumio: JumioRecord) => storeVerificationRecord(store, jumio), [store]);
  const reload = () => void refetch();
  if (data) return { state: 'ready', jumio: data.jumio, reload, update };
  return { state: isError ? 'error' : 'loading', jumio: null, reload, update };
}
