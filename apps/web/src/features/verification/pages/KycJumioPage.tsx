import { Link } from 'react-router';
import { OnlineCheckUnavailable } from '../components/OnlineCheckUnavailable.tsx';
import { VerificationRecordPanel } from '../components/VerificationRecordPanel.tsx';
import type { VerificationRecordView } from '../types.ts';
import '../verification.css';

/**
 * /kyc-jumio (SPEC §2): where the verification partner's identity check opens. The check itself is not
 * connected yet, so the page explains it, shows the current record and says how to get help.
 */
export default function KycJumioPage({ record }: { record: VerificationRecordView }) {
  return (
    <div className="verification-page">
      <title>Identity check</title>
      <p className="eyebrow">Know your customer</p>
      <h1>Identity check</h1>
      <p className="verification-page__lead">
        This is where the identity check opens: our verification partner&rsquo;s secure page, where you photograph both sides of a
        government-issued photo ID and take a short selfie that is matched to it. The result appears here, on{' '}
        <Link to="/verify">your verification page</Link> and as the badge in the header.
      </p>
      <OnlineCheckUnavailable />
      <h2 className="verification-page__subtitle">Your current status</h2>
      <VerificationRecordPanel record={record} />
      <div className="verification-page__actions">
        <Link className="btn btn--ghost" to="/kyc-info">
          How verification works
        </Link>
      </div>
    </div>
  );
}
