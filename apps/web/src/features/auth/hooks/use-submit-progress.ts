import { useCallback } from 'react';
import { useAppDispatch } from '../../../lib/hooks.ts';
import { submitFinished, submitStarted } from '../login-slice.ts';

/** Runs a request with the login slice's showLoader on, and always turns it off again. */
export function useSubmitProgress() {
  const dispatch = useAppDispatch();
  return useCallback(
    async <T>(work: () => Promise<T>): Promise<T> => {
      dispatch(submitStarted());
      try {
        return await work();
      } finally {
        dispatch(submitFinished());
      }
    },
    [dispatch],
  );
}
