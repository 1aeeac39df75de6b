import { useCallback, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { failureText, readApiFailure, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { useVerificationStartMutation } from '../api/start-verification.ts';
import { IdentityCheckFrame } from '../components/IdentityCheckFrame.tsx';
import { OnlineCheckUnavailable } from '../components/OnlineCheckUnavailable.tsx';
import { VerificationRecordPanel } from '../components/VerificationRecordPanel.tsx';
import { verificationStep } from '../verification-text.ts';
import type { VerificationRecordView } from '../types.ts';
import '../verification.css';

/**
 * /kyc-jumio (SPEC §2): the identity check. Opening it starts an attempt (unless the shopper is verified,
 * or documents already sent are being checked) and shows the provider's page in a frame. The record
 * follows live (the route's record), so the frame gives way to the result once the decision arrives.
 */
export default function KycJumioPage({ record }: { record: VerificationRecordView }) {
  const [start, { data: started, error, isLoading, reset }] = useVerificationStartMutation();
  const { update } = record;
  const step = record.state === 'ready' ? verificationStep(record.jumio) : null;
  // Documents already sent (ACQUIRED) are being checked: a new attempt would throw that check away.
  const wantsCheck = step === 'notStarted' || step === 'retry' || (step === 'pending' && record.jumio?.status === 'INITIATED');
  // Once per visit (StrictMode runs effects twice; the ref survives that).
  const startedOnce = useRef(false);

  const begin = useCallback(async () => {
    reset();
    try {
      const answer = await start().unwrap();
      update?.(answer.jumio);
    } catch {
      // Shown below from the mutation's error.
    }
  }, [start, reset, update]);

  useEffect(() => {
    if (!wantsCheck || startedOnce.current) return;
    startedOnce.current = true;
    void begin();
  }, [wantsCheck, begin]);

  const failure = error ? readApiFailure(error) : null;
  const providerDown = failure !== null && (failure.status === null || failure.status >= 500);
  const showFrame = Boolean(started) && step === 'pending' && !isLoading;

  return (
    <div className="verification-page">
      <title>Identity check</title>
      <p className="eyebrow">Know your customer</p>
      <h1>Identity check</h1>
      <p className="verification-page__lead">
        Our verification partner&rsquo;s secure page opens below: photograph both sides of a government-issued photo ID and take a short
        selfie that is matched to it. The result appears here, on <Link to="/verify">your verification page</Link> and as the badge in the
        header.
      </p>
      {isLoading ? <p role="status">Opening the identity check…</p> : null}
      {showFrame && started ? <IdentityCheckFrame src={started.redirectUrl} /> : null}
      {failure && providerDown ? <OnlineCheckUnavailable onRetry={() => void begin()} /> : null}
      {failure && !providerDown ? (
        <p role="alert" className="verification-page__error">
          {failureText(error, undefined, { unreachable: UNREACHABLE_TEXT })}
        </p>
      ) : null}
      {step === 'retry' && started && !isLoading ? (
        <div className="verification-page__actions">
          <button type="button" className="btn btn--primary" onClick={() => void begin()}>
            Start a new attempt
          </button>
        </div>
      ) : null}
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
