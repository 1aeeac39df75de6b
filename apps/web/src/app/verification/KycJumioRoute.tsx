import KycJumioPage from '../../features/verification/pages/KycJumioPage.tsx';
import { useVerificationRecord } from './use-verification-record.ts';

/** /kyc-jumio: the identity check page with the record from the user feature's getuser query. */
export default function KycJumioRoute() {
  return <KycJumioPage record={useVerificationRecord()} />;
}
