import { WALLET_LABELS, type LedgerWalletName } from '@store/shared';
import { formatWhen, signedAmount } from './format.ts';
import { TableScroll } from '../../../components/ui/index.ts';

export interface LedgerRow {
  id: number;
  wallet: string;
  amount: number;
  reason: string;
  reference: string;
  createdAt: string;
}

/** Ledger entries as the console lists them: when, wallet, coins, why, what they belong to. */
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
            <th scope="col">Reference</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id} data-testid="admin-ledger-row">
              <td>{formatWhen(entry.createdAt)}</td>
              <td>{WALLET_LABELS[entry.wallet as LedgerWalletName] ?? entry.wallet}</td>
              <td>{signedAmount(entry.amount)}</td>
              <td>{entry.reason}</td>
              <td>{entry.reference}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableScroll>
  );
}
