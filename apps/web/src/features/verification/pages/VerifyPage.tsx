import { Link } from 'react-router';
import { VerificationRecordPanel } from '../components/VerificationRecordPanel.tsx';
import { stepText } from '../verification-text.ts';
import type { VerificationRecordView } from '../types.ts';
import '../verification.css';

/** /verify (SPEC §2, reached from the Retry badge): where the shopper's identity verification stands. */
export default function VerifyPage({ record }: { record: VerificationRecordView }) {
  const canStartCheck = record.state === 'ready' && stepText(record.jumio).canStartCheck;
  return (
    <div className="verification-page">
      <title>Your identity verification</title>
      <p className="eyebrow">Account</p>
      <h1>Your identity verification</h1>
      <p className="verification-page__lead">
        We confirm who you are before some actions, such as cashing out. Here is where your verification stands.
      </p>
      <VerificationRecordPanel record={record} />
      <div className="verification-page__actions">
        {canStartCheck ? (
          <Link className="btn btn--primary" to="/kyc-jumio">
            Open the identity check
          </Link>
        ) : null}
        <Link className="btn btn--ghost" to="/kyc-info">
          How verification works
        </Link>
      </div>
    </div>
  );
}
