import { useCallback, useEffect, useRef } from 'react';
import { Link } from 'react-router';
import { Button, OutcomeMessage, PageLayout } from '../../../components/ui/index.ts';
import { failureText, readApiFailure, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { useVerificationStartMutation } from '../api/start-verification.ts';
import { IdentityCheckFrame } from '../components/IdentityCheckFrame.tsx';
import { OnlineCheckUnavailable } from '../components/OnlineCheckUnavailable.tsx';
import { VerificationRecordPanel } from '../components/VerificationRecordPanel.tsx';
import { verificationStep } from '../verification-text.ts';
import type { VerificationRecordView } from '../types.ts';
import '../verification.css';

/**
 * /kyc-jumio (SPEC §2): the identity check. Opening it starts an attempt when there is none yet or the last
 * did not pass (not when the shopper is verified, documents already sent are being checked, or a check
 * started before waits to be finished: that one continues on the shopper's word) and shows the provider's
 * page in a frame. The record
 * follows live (the route's record), so the frame gives way to the result once the decision arrives.
 */
export default function KycJumioPage({ record }: { record: VerificationRecordView }) {
  const [start, { data: started, error, isLoading, reset }] = useVerificationStartMutation();
  const { update } = record;
  const step = record.state === 'ready' ? verificationStep(record.jumio) : null;
  // Opened to start: the first check, or one after a check that did not pass. Documents already sent
  // (ACQUIRED) are being checked: a new attempt would throw that check away.
  const wantsCheck = step === 'notStarted' || step === 'retry';
  // A check started before and not finished (INITIATED): reopening the page does not start another
  // attempt by itself (issue 24); the shopper chooses to continue.
  const unfinished = step === 'pending' && record.jumio?.status === 'INITIATED';
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
    <PageLayout
      title="Identity check"
      eyebrow="Know your customer"
      width="narrow"
      intro={
        <>
          Our verification partner&rsquo;s secure page opens below: photograph a government-issued photo ID (both sides of an ID card or
          driving licence, the photo page of a passport) and take a short selfie that is matched to it. The result appears here, on{' '}
          <Link to="/verify">your verification page</Link> and as the badge in the header.
        </>
      }
    >
      {isLoading ? <p role="status">Opening the identity check…</p> : null}
      {showFrame && started ? <IdentityCheckFrame src={started.redirectUrl} /> : null}
      {failure && providerDown ? <OnlineCheckUnavailable onRetry={() => void begin()} /> : null}
      {failure && !providerDown ? (
        <OutcomeMessage tone="error">{failureText(error, undefined, { unreachable: UNREACHABLE_TEXT })}</OutcomeMessage>
      ) : null}
      {unfinished && !started && !isLoading ? (
        <div className="verification-page__actions" data-testid="kyc-unfinished">
          <p>You started an identity check earlier and did not finish it. Continuing opens it again.</p>
          <Button onClick={() => void begin()}>Continue the identity check</Button>
        </div>
      ) : null}
      {step === 'retry' && started && !isLoading ? (
        <div className="verification-page__actions">
          <Button onClick={() => void begin()}>Start a new attempt</Button>
        </div>
      ) : null}
      <div>
        <h2 className="verification-page__subtitle">Your current status</h2>
        <VerificationRecordPanel record={record} />
      </div>
      <div className="verification-page__actions">
        <Link className="btn btn--ghost" to="/kyc-info">
          How verification works
        </Link>
      </div>
    </PageLayout>
  );
}
