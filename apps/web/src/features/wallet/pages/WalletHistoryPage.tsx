import { Link, useSearchParams } from 'react-router';
import {
  formatCoins,
  formatDateTime,
  formatOrderNumber,
  formatSignedCoins,
  LEDGER_ENTRY_KIND_LABELS,
  paymentSuccessPath,
  WALLET_LABELS,
} from '@store/shared';
import { Button, PageLayout, Pager, Panel, TableScroll } from '../../../components/ui/index.ts';
import { useWalletHistoryQuery } from '../api/wallet-history.ts';
import './wallet-history.css';

export const WALLET_HISTORY_PAGE_SIZE = 20;

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
    <PageLayout title="Wallet history">
      {isError ? (
        <Panel label="Wallet history">
          <p>We couldn't load your wallet history.</p>
          <Button variant="outline" onClick={() => void refetch()}>
            Try again
          </Button>
        </Panel>
      ) : !data ? (
        <p role="status">Loading your wallet history…</p>
      ) : data.total === 0 ? (
        <Panel label="Wallet history">
          <p>No coins have moved in your wallets yet.</p>
        </Panel>
      ) : (
        <div>
          <TableScroll label="Coin movements">
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
                    <td>{formatDateTime(entry.createdAt)}</td>
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
          </TableScroll>
          {/* The page shown, not the one asked for: the rows stay the last answer's until the next arrives. */}
          <Pager
            label="Wallet history pages"
            page={data.page}
            of={pages}
            hasMore={page < pages}
            onPage={goTo}
            previousLabel="Newer"
            nextLabel="Older"
          />
        </div>
      )}
    </PageLayout>
  );
}
