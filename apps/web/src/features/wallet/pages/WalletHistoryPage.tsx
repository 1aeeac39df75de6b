import { Link, useSearchParams } from 'react-router';
import {
  formatCoins,
  formatOrderNumber,
  formatSignedCoins,
  LEDGER_ENTRY_KIND_LABELS,
  paymentSuccessPath,
  WALLET_LABELS,
} from '@store/shared';
import { useWalletHistoryQuery } from '../api/wallet-history.ts';
import './wallet-history.css';

export const WALLET_HISTORY_PAGE_SIZE = 20;

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

/** Signed coins: "+1,200" in, "−500" out. */

/**
 * /wallet-history: every coin movement of the shopper, newest first, a page at a time (?page= in the address),
 * with the balance after each and a link to the order it is about (issue 24).
 */
export default function WalletHistoryPage() {
  const [params, setParams] = useSearchParams();
  const requested = Number(params.get('page'));
  const page = Number.isInteger(requested) && requested >= 1 ? requested : 1;
  const { data, isFetching, isError, refetch } = useWalletHistoryQuery(
    { page, limit: WALLET_HISTORY_PAGE_SIZE },
    { refetchOnMountOrArgChange: true },
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / data.limit)) : 1;
  const goTo = (next: number) => setParams(next === 1 ? {} : { page: String(next) });

  return (
    <div className="wallet-history-page">
      <title>Wallet history</title>
      <h1>Wallet history</h1>
      {isError ? (
        <section className="wallet-history-panel">
          <p>We couldn't load your wallet history.</p>
          <button type="button" className="wallet-history-button" onClick={() => void refetch()}>
            Try again
          </button>
        </section>
      ) : !data ? (
        <p role="status">Loading your wallet history…</p>
      ) : data.total === 0 ? (
        <section className="wallet-history-panel">
          <p>No coins have moved in your wallets yet.</p>
        </section>
      ) : (
        <>
          <table className="wallet-history-table" aria-busy={isFetching}>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Type</th>
                <th scope="col">Wallet</th>
                <th scope="col">Coins</th>
                <th scope="col">Balance</th>
              </tr>
            </thead>
            <tbody>
              {data.entries.map((entry) => (
                <tr key={entry.id} data-testid="wallet-history-row">
                  <td>{dateFormat.format(new Date(entry.createdAt))}</td>
                  <td>
                    {LEDGER_ENTRY_KIND_LABELS[entry.kind]}
                    {entry.order ? (
                      <>
                        {' · '}
                        <Link to={paymentSuccessPath(entry.order.id)}>Order {formatOrderNumber(entry.order.number)}</Link>
                      </>
                    ) : null}
                  </td>
                  <td>{WALLET_LABELS[entry.wallet]}</td>
                  <td className={entry.amount < 0 ? 'wallet-history__out' : 'wallet-history__in'}>{formatSignedCoins(entry.amount)}</td>
                  <td data-testid="wallet-history-balance">{formatCoins(entry.balanceAfter)}</td>
                </tr>
              ))}
            </tbody>
          </table>
          <nav className="wallet-history-pager" aria-label="Wallet history pages">
            <button type="button" className="wallet-history-button" disabled={page <= 1} onClick={() => goTo(page - 1)}>
              Newer
            </button>
            {/* The page shown, not the one asked for: the rows stay the last answer's until the next arrives. */}
            <span>
              Page {data.page} of {pages}
            </span>
            <button type="button" className="wallet-history-button" disabled={page >= pages} onClick={() => goTo(page + 1)}>
              Older
            </button>
          </nav>
        </>
      )}
    </div>
  );
}
