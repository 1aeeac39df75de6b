import { Link } from 'react-router';
import { PageLayout } from '../../../components/ui/index.ts';
import { VerificationRecordPanel } from '../components/VerificationRecordPanel.tsx';
import { stepText } from '../verification-text.ts';
import type { VerificationRecordView } from '../types.ts';
import '../verification.css';

/** /verify (SPEC §2, reached from the Retry badge): where the shopper's identity verification stands. */
export default function VerifyPage({ record }: { record: VerificationRecordView }) {
  const canStartCheck = record.state === 'ready' && stepText(record.jumio).canStartCheck;
  return (
    <PageLayout
      title="Your identity verification"
      eyebrow="Account"
      intro="We confirm who you are before some actions, such as cashing out. Here is where your verification stands."
      width="narrow"
    >
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
    </PageLayout>
  );
}
