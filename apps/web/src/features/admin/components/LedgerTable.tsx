import { Link } from 'react-router';
import { formatOrderNumber, LEDGER_ENTRY_KIND_LABELS, WALLET_LABELS, type LedgerEntryKind, type LedgerWalletName } from '@store/shared';
import { formatWhen, signedAmount } from './format.ts';
import { TableScroll } from '../../../components/ui/index.ts';

export interface LedgerRow {
  id: number;
  wallet: string;
  amount: number;
  kind: LedgerEntryKind;
  reference: string;
  order: { id: string; number: number } | null;
  createdAt: string;
}

/** Ledger entries as the console lists them: when, wallet, coins, what kind, and the order they are about by number. */
export function LedgerTable({ entries }: { entries: LedgerRow[] }) {
  if (entries.length === 0) return <p>No ledger entries.</p>;
  return (
    <TableScroll label="Ledger entries table">
      <table className="admin-table" aria-label="Ledger entries">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Wallet</th>
            <th scope="col">Coins</th>
            <th scope="col">Kind</th>
            <th scope="col">About</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="admin-ledger-row">
              <td>{formatWhen(entry.createdAt)}</td>
              <td>{WALLET_LABELS[entry.wallet as LedgerWalletName] ?? entry.wallet}</td>
              <td>{signedAmount(entry.amount)}</td>
              <td>{LEDGER_ENTRY_KIND_LABELS[entry.kind]}</td>
              <td>
                {entry.order ? (
                  <Link to={`/admin/orders/${encodeURIComponent(entry.order.id)}`}>Order {formatOrderNumber(entry.order.number)}</Link>
                ) : (
                  <span className="muted">{entry.reference}</span>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
