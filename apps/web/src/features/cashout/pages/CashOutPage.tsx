import { useAppSelector } from '../../../lib/hooks.ts';
import { useCashoutBankAccountsQuery, useCashoutsQuery } from '../api/cashout-api.ts';
import { selectCashouts } from '../cashout-slice.ts';
import { CashoutForm } from '../components/CashoutForm.tsx';
import { CashoutList } from '../components/CashoutList.tsx';
import '../cashout.css';

/**
 * /cash-out: the shopper's cash-outs (the cashout slice: replaced on load, updated live by cashoutUpdated)
 * and the form to request one from the winnings to a saved bank account.
 */
export default function CashOutPage() {
  const list = useCashoutsQuery(undefined, { refetchOnMountOrArgChange: true });
  const banks = useCashoutBankAccountsQuery(undefined, { refetchOnMountOrArgChange: true });
  const items = useAppSelector(selectCashouts);

  return (
    <div className="cashout-page">
      <title>Cash out</title>
      <h1>Cash out</h1>
      {list.isError || banks.isError ? (
        <section className="cashout-panel">
          <p>We couldn't load your cash-outs.</p>
          <button
            type="button"
            className="cashout-button"
            onClick={() => {
              void list.refetch();
              void banks.refetch();
            }}
          >
            Try again
          </button>
        </section>
      ) : !list.data || !banks.data ? (
        <p role="status">Loading your cash-outs…</p>
      ) : (
        <>
          <section className="cashout-panel">
            <h2>Request a cash-out</h2>
            <CashoutForm rules={list.data.rules} accounts={banks.data} />
          </section>
          <section className="cashout-panel">
            <h2>Your cash-outs</h2>
            <CashoutList items={items} />
          </section>
        </>
      )}
    </div>
  );
}
