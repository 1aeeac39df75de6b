import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks.ts';
import { failureText, readApiFailure } from '../../../lib/api-failure.ts';
import { usePaymentsAchMutation } from '../api/ach-payment.ts';
import { usePaymentsAddBankMutation } from '../api/add-bank.ts';
import { usePaymentsBankAccountsQuery } from '../api/bank-accounts.ts';
import { usePaymentsDeleteBankAccountMutation } from '../api/delete-bank-account.ts';
import { usePaymentsSavedBankMutation } from '../api/saved-bank.ts';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import { bankAccountSaved, selectSavedBankAccounts, type SavedBankAccountEntry } from '../payment-slice.ts';
import { PAYMENT_REFUSAL_CODES, type MethodPanelProps } from './types.ts';

export const BANK_NOTE =
  'Bank payments (ACH) take a few days to settle. Your order shows as processing until then, and the coins arrive when it settles.';
export const BANK_LINK_FAILED_TEXT = 'The bank-linking page could not be opened. Please try again.';
export const BANK_PAY_FAILED_TEXT = 'The bank payment could not be started. Nothing was charged.';
export const BANK_LINKED_PAY_FAILED_TEXT =
  'Your bank account was linked, but the payment could not be started. Choose it below and try again.';
export const NO_BANK_ACCOUNTS_TEXT = 'You have no linked bank accounts.';

/** Leaves the store for the bank-linking page (a full navigation; tests watch it here). */
export const bankPage = { open: (url: string) => window.location.assign(url) };

/** The account as the shopper knows it: 'Sandbox Federal Bank checking ending 0001'. */
export const bankAccountLabel = (account: SavedBankAccountEntry) =>
  account.last4 ? `${account.bankName ?? 'Bank'} ${account.accountType ?? 'account'} ending ${account.last4}` : 'Bank account';

/**
 * Bank account (ACH) through the card provider (ADR 011). With an order: the linked accounts to choose
 * from, Pay (the debit is processing until the bank settles it), and "Link a bank account", which opens
 * the bank-linking page and pays the order from the new account once linked. Without one: the linked
 * accounts, linking one, and deleting one after a confirmation. Back from the linking page (?bankLink=)
 * the new account is saved first in the list (SPEC §4).
 */
export default function BankAccountMethod({ orderId, onPaid, onFailed }: MethodPanelProps) {
  const dispatch = useAppDispatch();
  const accounts = useAppSelector(selectSavedBankAccounts);
  const listQuery = usePaymentsBankAccountsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [addBank, addState] = usePaymentsAddBankMutation();
  const [payAch, payState] = usePaymentsAchMutation();
  const [saveLinked] = usePaymentsSavedBankMutation();
  const [deleteAccount, deleteState] = usePaymentsDeleteBankAccountMutation();
  const [params, setParams] = useSearchParams();
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<SavedBankAccountEntry | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const busy = addState.isLoading || payState.isLoading || deleteState.isLoading;
  const selected = chosen && accounts.some((a) => a.userPaymentOptionId === chosen) ? chosen : (accounts[0]?.userPaymentOptionId ?? null);

  function fail(failure: unknown, fallback: string) {
    // SPEC §8: the caller's error callback first; a refusal the page shows itself.
    const message = failureText(failure, fallback);
    const { code } = readApiFailure(failure);
    const refused = code !== null && PAYMENT_REFUSAL_CODES.includes(code);
    onFailed?.(message, false, code ?? undefined);
    setError(refused && onFailed ? null : message);
  }

  // Back from the bank-linking page: the account it linked is saved first in the list, and chosen.
  const linkId = params.get('bankLink');
  const payFailed = params.get('payment') === 'failed';
  const handledLink = useRef<string | null>(null);
  useEffect(() => {
    if (!linkId || handledLink.current === linkId) return;
    handledLink.current = linkId;
    void (async () => {
      try {
        const account = await saveLinked({ linkId }).unwrap();
        dispatch(bankAccountSaved(account));
        setChosen(account.userPaymentOptionId);
        setNotice(payFailed ? BANK_LINKED_PAY_FAILED_TEXT : `${bankAccountLabel(account)} is linked.`);
      } catch (failure) {
        fail(failure, BANK_LINK_FAILED_TEXT);
      }
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          next.delete('bankLink');
          next.delete('payment');
          return next;
        },
        { replace: true },
      );
    })();
    // Once per link id; the callbacks are the render's.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [linkId]);

  async function link() {
    setError(null);
    try {
      // With an order the page pays it from the new account as soon as it is linked.
      if (!orderId) return bankPage.open((await addBank({}).unwrap()).url);
      const page = await payAch({ orderId }).unwrap();
      if (page.action === 'link') bankPage.open(page.url);
      else onPaid(orderId, page.status === 'settled' ? 'paid' : 'processing');
    } catch (failure) {
      fail(failure, BANK_LINK_FAILED_TEXT);
    }
  }

  async function pay() {
    if (!orderId || !selected) return;
    setError(null);
    try {
      const paid = await payAch({ orderId, userPaymentOptionId: selected }).unwrap();
      if (paid.action === 'pay') onPaid(orderId, paid.status === 'settled' ? 'paid' : 'processing');
    } catch (failure) {
      fail(failure, BANK_PAY_FAILED_TEXT);
    }
  }

  async function remove(account: SavedBankAccountEntry) {
    setError(null);
    try {
      await deleteAccount(account.userPaymentOptionId).unwrap();
      setConfirming(null);
    } catch (failure) {
      setConfirming(null);
      fail(failure, 'The bank account could not be deleted. Please try again.');
    }
  }

  return (
    <div className="bank-method" data-testid="bank-account-method">
      <p className="payments-muted">{BANK_NOTE}</p>
      {notice ? (
        <p className="payments-muted" role="status" data-testid="bank-notice">
          {notice}
        </p>
      ) : null}
      {error ? (
        <p className="payments-error" role="alert">
          {error}
        </p>
      ) : null}
      {listQuery.isLoading && accounts.length === 0 ? <p className="payments-muted">Loading your bank accounts…</p> : null}
      {!listQuery.isLoading && accounts.length === 0 ? <p className="payments-muted">{NO_BANK_ACCOUNTS_TEXT}</p> : null}
      {accounts.length > 0 ? (
        <ul className="saved-cards" aria-label="Linked bank accounts">
          {accounts.map((account) => {
            const label = bankAccountLabel(account);
            return (
              <li key={account.userPaymentOptionId} className="saved-card" data-testid="bank-account">
                <label className="saved-card__choice">
                  {orderId ? (
                    <input
                      type="radio"
                      name="bank-account"
                      checked={selected === account.userPaymentOptionId}
                      onChange={() => setChosen(account.userPaymentOptionId)}
                    />
                  ) : null}
                  <span className="saved-card__brand">{label}</span>
                </label>
                {orderId ? null : (
                  <button
                    type="button"
                    className="payments-link-button"
                    disabled={busy}
                    aria-label={`Delete ${label}`}
                    onClick={() => setConfirming(account)}
                  >
                    Delete
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="payments-actions">
        {orderId && selected ? (
          <button type="button" className="payments-button" data-testid="bank-pay" disabled={busy} onClick={() => void pay()}>
            {payState.isLoading ? 'Starting the bank payment…' : 'Pay from this bank account'}
          </button>
        ) : null}
        <button
          type="button"
          className={orderId && selected ? 'payments-link-button' : 'payments-button'}
          data-testid="bank-link"
          disabled={busy}
          onClick={() => void link()}
        >
          {orderId ? 'Link a bank account and pay' : 'Link a bank account'}
        </button>
      </div>
      {confirming ? (
        <ConfirmDelete
          label={bankAccountLabel(confirming)}
          busy={deleteState.isLoading}
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
    </div>
  );
}
