import { useState } from 'react';
import { Link } from 'react-router';
import { formatCents, formatCoins, type AdminCashoutListItem, type CashoutStatus } from '@store/shared';
import { ConfirmAction } from '../components/ConfirmAction.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { formatWhen } from '../components/format.ts';
import { useAdminCashoutsQuery, useApproveCashoutMutation, useRejectCashoutMutation } from './cashouts-api.ts';
import { Button, TableScroll } from '../../../components/ui/index.ts';

type Result = { ok: boolean; text: string } | null;

/** The list's views (issue 24): the queue first, then the history by state, or every cash-out. */
const VIEWS: { value: CashoutStatus | ''; label: string }[] = [
  { value: 'PENDING', label: 'Waiting for a decision' },
  { value: 'APPROVED', label: 'Approved, payout under way' },
  { value: 'PAID', label: 'Paid' },
  { value: 'REJECTED', label: 'Rejected' },
  { value: 'FAILED', label: 'Payout failed' },
  { value: '', label: 'All cash-outs' },
];
const STATE_LABELS: Record<CashoutStatus, string> = {
  PENDING: 'Waiting for a decision',
  APPROVED: 'Approved',
  PAID: 'Paid',
  REJECTED: 'Rejected',
  FAILED: 'Payout failed',
};

/** /admin/cashouts: the pending cash-outs to decide (approve pays out, reject returns the coins), and the history by state. */
export default function CashoutsSection() {
  const [view, setView] = useState<CashoutStatus | ''>('PENDING');
  const { data, isError, isFetching, refetch } = useAdminCashoutsQuery(view || undefined, { refetchOnMountOrArgChange: true });
  const [result, setResult] = useState<Result>(null);
  const label = VIEWS.find((v) => v.value === view)!.label;

  return (
    <div>
      <h2>Cash-outs</h2>
      <label className="admin-form">
        Show{' '}
        <select value={view} onChange={(event) => (setResult(null), setView(event.target.value as CashoutStatus | ''))}>
          {VIEWS.map((v) => (
            <option key={v.value} value={v.value}>
              {v.label}
            </option>
          ))}
        </select>
      </label>
      <Outcome outcome={result} />
      {isError ? (
        <section className="admin-panel">
          <p>We couldn't load the cash-outs.</p>
          <Button variant="ghost" onClick={() => void refetch()}>
            Try again
          </Button>
        </section>
      ) : !data ? (
        <p role="status">Loading cash-outs…</p>
      ) : data.length === 0 ? (
        <p>{view === 'PENDING' ? 'No cash-out waits for a decision.' : 'No cash-out in this view.'}</p>
      ) : (
        <TableScroll label={`${label} table`}>
          <table className="admin-table" aria-busy={isFetching} aria-label={label}>
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col">Shopper</th>
                <th scope="col">Coins</th>
                <th scope="col">Pays</th>
                <th scope="col">Bank</th>
                <th scope="col">State</th>
                <th scope="col">Decision</th>
              </tr>
            </thead>
            <tbody>
              {data.map((item) => (
                <CashoutRow key={item._id} item={item} onResult={setResult} />
              ))}
            </tbody>
          </table>
        </TableScroll>
      )}
    </div>
  );
}

/** Who decided and when, with the reason or the failure; empty while it waits. */
function DecisionText({ item }: { item: AdminCashoutListItem }) {
  const by = item.decidedByEmail ?? 'an admin';
  const when = formatWhen(item.decidedAt);
  if (item.status === 'REJECTED') return <>{`Rejected by ${by}, ${when}: ${item.rejectionReason ?? 'no reason given'}`}</>;
  if (item.status === 'FAILED') return <>{`Approved by ${by}, ${when}; the payout failed: ${item.failureReason ?? 'no reason given'}`}</>;
  if (item.status === 'PAID') return <>{`Approved by ${by}, ${when}; paid ${formatWhen(item.paidAt)}`}</>;
  return <>{`Approved by ${by}, ${when}`}</>;
}

function CashoutRow({ item, onResult }: { item: AdminCashoutListItem; onResult: (result: Result) => void }) {
  const amount = `${formatCoins(item.amount)} coins (${formatCents(item.amountCents)})`;
  return (
    <tr data-testid="admin-cashout-row">
      <td>{formatWhen(item.createdAt)}</td>
      <td>
        <Link to={`/admin/users/${encodeURIComponent(item.userId)}`}>{item.name || item.email}</Link>
        <br />
        <small>{item.email}</small>
      </td>
      <td>{formatCoins(item.amount)}</td>
      <td>{formatCents(item.amountCents)}</td>
      <td>
        {item.bankName} ••••{item.last4}
      </td>
      <td>{STATE_LABELS[item.status]}</td>
      <td>
        {item.status === 'PENDING' ? <PendingDecision item={item} amount={amount} onResult={onResult} /> : <DecisionText item={item} />}
      </td>
    </tr>
  );
}

/** Approve (pays out) or reject with a reason (the coins go back), each behind a confirmation. */
function PendingDecision({ item, amount, onResult }: { item: AdminCashoutListItem; amount: string; onResult: (result: Result) => void }) {
  const [approve] = useApproveCashoutMutation();
  const [reject] = useRejectCashoutMutation();
  const [reason, setReason] = useState('');
  return (
    <>
      <ConfirmAction
        label="Approve"
        question={`Pay ${amount} to ${item.bankName} ••••${item.last4}?`}
        onSettled={onResult}
        showOutcome={false}
        run={async () => {
          const decided = await approve(item._id).unwrap();
          return `Cash-out of ${amount} approved: ${decided.status}.`;
        }}
      />
      <ConfirmAction
        label="Reject"
        question={`Reject this cash-out? ${formatCoins(item.amount)} coins go back to the shopper's winnings.`}
        danger
        disabled={!reason.trim()}
        onSettled={onResult}
        showOutcome={false}
        run={async () => {
          await reject({ id: item._id, reason: reason.trim() }).unwrap();
          return `Cash-out of ${amount} rejected; the coins are back in the shopper's winnings.`;
        }}
      >
        <label className="admin-form">
          Reason
          <input value={reason} maxLength={500} onChange={(event) => setReason(event.target.value)} />
        </label>
      </ConfirmAction>
    </>
  );
}
