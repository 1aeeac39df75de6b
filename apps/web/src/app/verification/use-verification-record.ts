import { useUserGetUserQuery } from '../../features/user/api/get-user.ts';
import type { VerificationRecordView } from '../../features/verification/types.ts';

/**
 * The verification record from GET v1/getuser (SPEC §7: its jumio feeds the verification state). The
 * signed-in header already asked for it, so this subscribes to the same cached answer: no second fetch.
 */
export function useVerificationRecord(): VerificationRecordView {
  const { data, isError, refetch } = useUserGetUserQuery();
  const reload = () => void refetch();
  if (data) return { state: 'ready', jumio: data.jumio, reload };
  return { state: isError ? 'error' : 'loading', jumio: null, reload };
}
