import VerifyPage from '../../features/verification/pages/VerifyPage.tsx';
import { useVerificationRecord } from './use-verification-record.ts';

/** /verify: the verification page with the record from the user feature's getuser query. */
export default function VerifyRoute() {
  return <VerifyPage record={useVerificationRecord()} />;
}
