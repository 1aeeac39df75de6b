import { useState } from 'react';
import { Link } from 'react-router';
import { formatCents, formatCoins, type AdminCashoutItem } from '@store/shared';
import { ConfirmAction } from '../components/ConfirmAction.tsx';
import { Outcome } from '../components/Outcome.tsx';
import { formatWhen } from '../components/format.ts';
import { useAdminCashoutsQuery, useApproveCashoutMutation, useRejectCashoutMutation } from './cashouts-api.ts';
import { TableScroll } from '../components/TableScroll.tsx';

type Result = { ok: boolean; text: string } | null;

/** /admin/cashouts: the pending cash-outs, oldest decisions first to hand; approve pays out, reject returns the coins. */
export default function CashoutsSection() {
  const { data, isError, isFetching, refetch } = useAdminCashoutsQuery('PENDING', { refetchOnMountOrArgChange: true });
  const [result, setResult] = useState<Result>(null);

  return (
    <div>
      <h2>Pending cash-outs</h2>
      <Outcome outcome={result} />
      {isError ? (
        <section className="admin-panel">
          <p>We couldn't load the cash-outs.</p>
          <button type="button" className="admin-button" onClick={() => void refetch()}>
            Try again
          </button>
        </section>
      ) : !data ? (
        <p role="status">Loading cash-outs…</p>
      ) : data.length === 0 ? (
        <p>No cash-out waits for a decision.</p>
      ) : (
        <TableScroll label="Pending cash-outs table">
          <table className="admin-table" aria-busy={isFetching} aria-label="Pending cash-outs">
            <thead>
              <tr>
                <th scope="col">Requested</th>
                <th scope="col">Shopper</th>
                <th scope="col">Coins</th>
                <th scope="col">Pays</th>
                <th scope="col">Bank</th>
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

function CashoutRow({ item, onResult }: { item: AdminCashoutItem; onResult: (result: Result) => void }) {
  const [approve] = useApproveCashoutMutation();
  const [reject] = useRejectCashoutMutation();
  const [reason, setReason] = useState('');
  const amount = `${formatCoins(item.amount)} coins (${formatCents(item.amountCents)})`;
  return (
    <tr data-testid="admin-cashout-row">
      <td>{formatWhen(item.createdAt)}</td>
      <td>
        <Link to={`/admin/users/${encodeURIComponent(item.userId)}`}>{item.userId}</Link>
      </td>
      <td>{formatCoins(item.amount)}</td>
      <td>{formatCents(item.amountCents)}</td>
      <td>
        {item.bankName} ••••{item.last4}
      </td>
      <td>
        <ConfirmAction
          label="Approve"
          question={`Pay ${amount} to ${item.bankName} ••••${item.last4}?`}
          onSettled={onResult}
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
      </td>
    </tr>
  );
}
