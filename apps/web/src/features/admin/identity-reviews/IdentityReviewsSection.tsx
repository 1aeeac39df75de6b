import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { KYC_DECISION_NAMES, KYC_STATUS_NAMES, kycName, type AdminIdentityReview, type IdentityReviewReason } from '@store/shared';
import { ConfirmAction } from '../components/ConfirmAction.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { Button, Pager, TableScroll } from '../../../components/ui/index.ts';
import { formatWhen } from '../components/format.ts';
import { ReviewEvidence } from './ReviewEvidence.tsx';
import { useIdentityReviewsQuery, useReviewIdentityMutation } from './identity-reviews-api.ts';

type Result = { ok: boolean; text: string } | null;

const REASONS: Record<IdentityReviewReason, string> = {
  rejected: 'Rejected by the provider',
  warning: 'Provider warning',
  'not-executed': 'Check not executed',
  stuck: 'Stuck in checking',
};

/** /admin/identity-reviews: the identity checks waiting for a person (ADR 025), longest-waiting first. */
export default function IdentityReviewsSection() {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const { data, isError, isFetching, refetch } = useIdentityReviewsQuery({ page }, { refetchOnMountOrArgChange: true });
  const [result, setResult] = useState<Result>(null);

  return (
    <div>
      <h2>Identity reviews</h2>
      <Outcome outcome={result} />
      {isError ? (
        <section className="admin-panel">
          <p>We couldn't load the identity reviews.</p>
          <Button variant="ghost" onClick={() => void refetch()}>
            Try again
          </Button>
        </section>
      ) : !data ? (
        <p role="status">Loading identity reviews…</p>
      ) : data.reviews.length === 0 && page === 1 ? (
        <p>No identity check waits for a person.</p>
      ) : (
        <>
          <TableScroll label="Identity reviews table">
            <table className="admin-table" aria-busy={isFetching} aria-label="Identity reviews">
              <thead>
                <tr>
                  <th scope="col">Shopper</th>
                  <th scope="col">Why</th>
                  <th scope="col">Record</th>
                  <th scope="col">Evidence</th>
                  <th scope="col">Since</th>
                  <th scope="col">Decision</th>
                </tr>
              </thead>
              <tbody>
                {data.reviews.map((review) => (
                  <ReviewRow key={review.userId} review={review} onResult={setResult} />
                ))}
              </tbody>
            </table>
          </TableScroll>
          <Pager
            page={data.page}
            hasMore={data.hasMore}
            onPage={(next) => setParams(next > 1 ? { page: String(next) } : {})}
            label="Review pages"
          />
        </>
      )}
    </div>
  );
}

function ReviewRow({ review, onResult }: { review: AdminIdentityReview; onResult: (result: Result) => void }) {
  const [decide] = useReviewIdentityMutation();
  const [reason, setReason] = useState('');
  const ready = reason.trim().length > 0;
  const who = `${review.firstname} ${review.lastname} (${review.email})`;
  return (
    <tr data-testid="admin-identity-review-row">
      <td>
        <Link to={`/admin/users/${encodeURIComponent(review.userId)}`}>{who}</Link>
      </td>
      <td>{REASONS[review.reason]}</td>
      <td>
        {kycName(KYC_DECISION_NAMES, review.decision)} · {kycName(KYC_STATUS_NAMES, review.status)} ({review.attempts}{' '}
        {review.attempts === 1 ? 'attempt' : 'attempts'})
      </td>
      <td>
        <ReviewEvidence evidence={review.evidence} />
      </td>
      <td>{formatWhen(review.updatedAt)}</td>
      <td>
        <label className="admin-form">
          Reason (required)
          <input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </label>
        <ConfirmAction
          label="Approve"
          question={`Verify ${who} by hand?`}
          disabled={!ready}
          onSettled={onResult}
          showOutcome={false}
          run={async () => {
            await decide({ userId: review.userId, verb: 'approve', reason: reason.trim() }).unwrap();
            return `${review.email} is verified.`;
          }}
        />
        <ConfirmAction
          label="Reject"
          question={`Reject the identity check of ${who}? They can try again.`}
          danger
          disabled={!ready}
          onSettled={onResult}
          showOutcome={false}
          run={async () => {
            await decide({ userId: review.userId, verb: 'reject', reason: reason.trim() }).unwrap();
            return `${review.email}'s identity check is rejected.`;
          }}
        />
      </td>
    </tr>
  );
}
