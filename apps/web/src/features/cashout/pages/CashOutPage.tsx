import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatCents, formatCoins, type CashoutRules } from '@store/shared';
import { Button, PageLayout, Panel } from '../../../components/ui/index.ts';
import { useAppSelector } from '../../../lib/hooks.ts';
import { useCashoutBankAccountsQuery, useCashoutsQuery } from '../api/cashout-api.ts';
import { selectCashouts } from '../cashout-slice.ts';
import { CashoutForm } from '../components/CashoutForm.tsx';
import { CashoutList } from '../components/CashoutList.tsx';
import type { CashoutShopper } from '../types.ts';
import '../cashout.css';

export const VERIFY_FIRST_TEXT = 'Verify your identity before you cash out: a passed verification is required.';
export const VERIFICATION_PENDING_TEXT = 'Your identity verification is being checked. You can cash out once it passes.';
export const LINK_BANK_TEXT = 'Link a bank account to receive your cash-out.';

interface Props {
  /** The shopper's winnings and verification (app/cashout composes them); null while unknown. */
  shopper?: CashoutShopper | null;
  /** Where a verified shopper links a bank account (the app composes the payments feature's); told when linked. */
  renderBankLink?: (link: { another: boolean; onLinked: () => void }) => ReactNode;
}

/** The winnings as coins and as the dollars they would pay out. */
function Winnings({ coins, rules }: { coins: number; rules: CashoutRules }) {
  return (
    <p className="cashout-winnings" data-testid="cashout-winnings">
      <strong>{formatCoins(coins)} coins</strong> of winnings, worth {formatCents(Math.floor((coins * 100) / rules.coinsPerDollar))}
    </p>
  );
}

/** Before the form: what a shopper must do first, each with its way forward (issue 24: no dead ends). */
function CashoutReadiness({ shopper, hasAccount }: { shopper: CashoutShopper; hasAccount: boolean }) {
  if (shopper.verification !== 'verified') {
    const pending = shopper.verification === 'pending';
    return (
      <div className="cashout-step" data-testid="cashout-verify-first">
        <p>{pending ? VERIFICATION_PENDING_TEXT : VERIFY_FIRST_TEXT}</p>
        {pending ? null : (
          <Link className="btn btn--primary cashout-step__action" to="/verify">
            Verify my identity
          </Link>
        )}
      </div>
    );
  }
  if (!hasAccount) {
    return (
      <div className="cashout-step" data-testid="cashout-link-bank">
        <p>{LINK_BANK_TEXT}</p>
      </div>
    );
  }
  return null;
}

/**
 * /cash-out: the shopper's winnings, what they must do before cashing out (verify, link a bank account), the
 * form to request a cash-out to a saved bank account, and their cash-outs (the cashout slice: replaced on
 * load, updated live by cashoutUpdated).
 */
export default function CashOutPage({ shopper = null, renderBankLink }: Props) {
  const list = useCashoutsQuery(undefined, { refetchOnMountOrArgChange: true });
  const banks = useCashoutBankAccountsQuery(undefined, { refetchOnMountOrArgChange: true });
  const items = useAppSelector(selectCashouts);
  const verified = shopper?.verification === 'verified';

  return (
    <PageLayout title="Cash out">
      {list.isError || banks.isError ? (
        <Panel label="Your cash-outs">
          <p>We couldn't load your cash-outs.</p>
          <Button
            onClick={() => {
              void list.refetch();
              void banks.refetch();
            }}
          >
            Try again
          </Button>
        </Panel>
      ) : !list.data || !banks.data ? (
        <p role="status">Loading your cash-outs…</p>
      ) : (
        <>
          <Panel title="Request a cash-out">
            {shopper ? <Winnings coins={shopper.winnings} rules={list.data.rules} /> : null}
            {shopper ? <CashoutReadiness shopper={shopper} hasAccount={banks.data.length > 0} /> : null}
            <CashoutForm rules={list.data.rules} accounts={banks.data} ready={!shopper || (verified && banks.data.length > 0)} />
            {/* One place, whether the shopper has an account or not: its "linked" notice outlives the new form. */}
            {verified && renderBankLink ? (
              <div className="cashout-bank-link">
                {renderBankLink({
                  another: banks.data.length > 0,
                  onLinked: () => void banks.refetch(),
                })}
              </div>
            ) : null}
          </Panel>
          <Panel title="Your cash-outs">
            <CashoutList items={items} />
          </Panel>
        </>
      )}
    </PageLayout>
  );
}
