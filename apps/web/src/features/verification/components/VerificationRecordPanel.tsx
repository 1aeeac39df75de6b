import { Button, Panel } from '../../../components/ui/index.ts';
import { checkStateText, decisionText, stepText, verificationStep } from '../verification-text.ts';
import type { VerificationRecordView } from '../types.ts';

/** The shopper's current verification record: the badge's verdict, what it means, what to do, the raw facts. */
export function VerificationRecordPanel({ record }: { record: VerificationRecordView }) {
  if (record.state === 'loading') {
    return (
      <Panel className="verification-panel">
        <p role="status">Loading your verification record…</p>
      </Panel>
    );
  }
  if (record.state === 'error') {
    return (
      <Panel className="verification-panel" label="Verification record">
        <p>We couldn't load your verification record.</p>
        <Button variant="outline" onClick={record.reload}>
          Try again
        </Button>
      </Panel>
    );
  }

  const { jumio } = record;
  const step = verificationStep(jumio);
  const text = stepText(jumio);
  return (
    <section className="verification-panel" aria-label="Verification record" data-testid="verification-record" data-step={step}>
      <p className="verification-panel__status">
        <span>Status</span>
        <span className={`verification-badge verification-step verification-step--${step}`}>{text.label}</span>
      </p>
      <p className="verification-panel__meaning">{text.meaning}</p>
      <p className="verification-panel__next">
        <strong>What to do: </strong>
        {text.next}
      </p>
      {jumio?.attempts ? (
        <dl className="verification-panel__facts">
          <div>
            <dt>Attempts</dt>
            <dd>{jumio.attempts}</dd>
          </div>
          <div>
            <dt>Decision</dt>
            <dd>{decisionText(jumio.decision)}</dd>
          </div>
          <div>
            <dt>Check status</dt>
            <dd>{checkStateText(jumio.status)}</dd>
          </div>
        </dl>
      ) : null}
    </section>
  );
}
