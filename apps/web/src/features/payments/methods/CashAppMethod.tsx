import { Button, OutcomeMessage } from '../../../components/ui/index.ts';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CASH_APP_SETUP_RESULT_PARAM, NEW_CASH_APP_ID } from '@store/shared';
import { useAppSelector } from '../../../lib/hooks.ts';
import { notify } from '../../../lib/toast.ts';
import { usePaymentsStripeMethodsQuery } from '../api/stripe-payment-methods.ts';
import { usePaymentsStripeCashAppSetupMutation } from '../api/stripe-cash-app-setup.ts';
import { usePaymentsStripeDeleteMethodMutation } from '../api/stripe-delete-method.ts';
import { usePaymentsStripePaymentIntentMutation } from '../api/stripe-payment-intent.ts';
import { selectCashAppAccounts } from '../payment-slice.ts';
import { followStripeResult, stripeLeave } from '../stripe-payment.ts';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import type { MethodPanelProps } from './types.ts';
import { usePanelError } from './use-panel-error.ts';

export const CASH_APP_PAY_FALLBACK_TEXT = 'Your Cash App payment could not be completed. Nothing was charged.';
export const CASH_APP_ADD_FALLBACK_TEXT = 'Cash App could not be opened. Nothing was added.';
export const CASH_APP_DELETE_FALLBACK_TEXT = 'That Cash App account could not be removed.';
export const CASH_APP_ADDED_TEXT = 'Your Cash App account was added.';
export const CASH_APP_NOT_ADDED_TEXT = 'Cash App did not authorise the store, so nothing was added.';

type Account = { userPaymentOptionId: string; cashtag?: string };
const accountLabel = (account: Account) => (account.cashtag ? `Cash App ${account.cashtag}` : 'Cash App');

/**
 * Cash App Pay through Stripe (ADR 012). With an order: a saved Cash App account pays at once; a new one
 * is authorised on Cash App's page (the shopper comes back through the store's return route). Without
 * an order: the accounts set up for Cash App Pay, add one (Cash App's page), delete after a confirmation.
 */
export default function CashAppMethod({ orderId, onPaid, onFailed }: MethodPanelProps) {
  usePaymentsStripeMethodsQuery();
  const accounts = useAppSelector(selectCashAppAccounts);
  const [payIntent] = usePaymentsStripePaymentIntentMutation();
  const [startSetup] = usePaymentsStripeCashAppSetupMutation();
  const [deleteMethod, deleteState] = usePaymentsStripeDeleteMethodMutation();
  const [params] = useSearchParams();
  const [selectedId, setSelectedId] = useState<string>(NEW_CASH_APP_ID);
  const [busy, setBusy] = useState(false);
  const { error, setError, fail } = usePanelError(onFailed);
  const [confirming, setConfirming] = useState<Account | null>(null);
  const setupResult = orderId ? null : params.get(CASH_APP_SETUP_RESULT_PARAM);

  /** SPEC §8: the caller's error callback first, before any other await. */

  async function pay(id: string) {
    setError(null);
    setBusy(true);
    const chosen = accounts.some((account) => account.userPaymentOptionId === selectedId) ? selectedId : NEW_CASH_APP_ID;
    try {
      const result = await payIntent({ userPaymentOptionId: chosen, orderId: id }).unwrap();
      const leaving = await followStripeResult(result, id, { onPaid });
      if (!leaving) setBusy(false);
    } catch (failure) {
      fail(failure, CASH_APP_PAY_FALLBACK_TEXT);
      setBusy(false);
    }
  }

  async function add() {
    setError(null);
    setBusy(true);
    try {
      const { url } = await startSetup().unwrap();
      stripeLeave.to(url);
    } catch (failure) {
      fail(failure, CASH_APP_ADD_FALLBACK_TEXT);
      setBusy(false);
    }
  }

  async function remove(account: Account) {
    setError(null);
    try {
      await deleteMethod(account.userPaymentOptionId).unwrap();
      if (selectedId === account.userPaymentOptionId) setSelectedId(NEW_CASH_APP_ID);
      setConfirming(null);
      notify.success('Cash App account removed.');
    } catch (failure) {
      setConfirming(null);
      fail(failure, CASH_APP_DELETE_FALLBACK_TEXT);
    }
  }

  return (
    <div className="cash-app-method" data-testid="cash-app-method">
      {setupResult ? (
        <p className={setupResult === 'added' ? 'payments-muted' : 'payments-error'} role="status" data-testid="cash-app-setup-result">
          {setupResult === 'added' ? CASH_APP_ADDED_TEXT : CASH_APP_NOT_ADDED_TEXT}
        </p>
      ) : null}
      {!orderId && accounts.length === 0 ? <p className="payments-muted">You have no Cash App account set up.</p> : null}
      <ul className="saved-cards" aria-label="Cash App accounts">
        {accounts.map((account) => (
          <li key={account.userPaymentOptionId} className="saved-card" data-testid="cash-app-account">
            <label className="saved-card__choice">
              {orderId ? (
                <input
                  type="radio"
                  name="cash-app-account"
                  checked={selectedId === account.userPaymentOptionId}
                  onChange={() => setSelectedId(account.userPaymentOptionId)}
                />
              ) : null}
              <span className="saved-card__brand">{accountLabel(account)}</span>
            </label>
            <Button
              variant="link"
              disabled={busy || deleteState.isLoading}
              aria-label={`Delete ${accountLabel(account)}`}
              onClick={() => setConfirming(account)}
            >
              Delete
            </Button>
          </li>
        ))}
        {orderId ? (
          <li className="saved-card">
            <label className="saved-card__choice">
              <input
                type="radio"
                name="cash-app-account"
                checked={!accounts.some((account) => account.userPaymentOptionId === selectedId)}
                onChange={() => setSelectedId(NEW_CASH_APP_ID)}
              />
              <span className="saved-card__brand">Another Cash App account (you approve it in Cash App)</span>
            </label>
          </li>
        ) : null}
      </ul>
      {error ? <OutcomeMessage tone="error">{error}</OutcomeMessage> : null}
      {orderId ? (
        <Button size="large" data-testid="cash-app-pay-button" disabled={busy} onClick={() => void pay(orderId)}>
          {busy ? 'Opening Cash App…' : 'Pay with Cash App'}
        </Button>
      ) : (
        <Button size="large" data-testid="cash-app-add-button" disabled={busy} onClick={() => void add()}>
          {busy ? 'Opening Cash App…' : 'Add Cash App'}
        </Button>
      )}
      {confirming ? (
        <ConfirmDelete
          label={accountLabel(confirming)}
          busy={deleteState.isLoading}
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
