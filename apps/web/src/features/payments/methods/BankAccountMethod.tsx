import { Button, OutcomeMessage } from '../../../components/ui/index.ts';
import { useState } from 'react';
import { useAppSelector } from '../../../lib/hooks.ts';
import { usePaymentsAchMutation } from '../api/ach-payment.ts';
import { usePaymentsAddBankMutation } from '../api/add-bank.ts';
import { usePaymentsBankAccountsQuery } from '../api/bank-accounts.ts';
import { usePaymentsDeleteBankAccountMutation } from '../api/delete-bank-account.ts';
import { ConfirmDelete } from '../components/ConfirmDelete.tsx';
import { selectSavedBankAccounts, type SavedBankAccountEntry } from '../payment-slice.ts';
import { useBankLinkReturn } from '../use-bank-link-return.ts';
import { BANK_LINK_FAILED_TEXT, bankAccountLabel } from '../bank-link.ts';
import { BankLinkDialog } from '../components/BankLinkDialog.tsx';
import type { MethodPanelProps } from './types.ts';
import { usePanelError } from './use-panel-error.ts';

export const BANK_NOTE =
  'Bank payments (ACH) take a few days to settle. Your order shows as processing until then, and the coins arrive when it settles.';
export const BANK_PAY_FAILED_TEXT = 'The bank payment could not be started. Nothing was charged.';
export const BANK_LINKED_PAY_FAILED_TEXT =
  'Your bank account was linked, but the payment could not be started. Choose it below and try again.';
export const NO_BANK_ACCOUNTS_TEXT = 'You have no linked bank accounts.';

/**
 * Bank account (ACH) through the card provider (ADR 011). With an order: the linked accounts to choose
 * from, Pay (the debit is processing until the bank settles it), and "Link a bank account", which opens
 * the bank-linking page and pays the order from the new account once linked. Without one: the linked
 * accounts, linking one, and deleting one after a confirmation. Back from the linking page (?bankLink=)
 * the new account is saved first in the list (SPEC §4).
 */
export default function BankAccountMethod({ orderId, onPaid, onFailed }: MethodPanelProps) {
  const accounts = useAppSelector(selectSavedBankAccounts);
  const listQuery = usePaymentsBankAccountsQuery(undefined, { refetchOnMountOrArgChange: true });
  const [addBank, addState] = usePaymentsAddBankMutation();
  const [payAch, payState] = usePaymentsAchMutation();
  const [deleteAccount, deleteState] = usePaymentsDeleteBankAccountMutation();
  const [chosen, setChosen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<SavedBankAccountEntry | null>(null);
  const { error, setError, fail } = usePanelError(onFailed);
  const [notice, setNotice] = useState<string | null>(null);
  const [pageUrl, setPageUrl] = useState<string | null>(null);
  const busy = addState.isLoading || payState.isLoading || deleteState.isLoading;
  const selected = chosen && accounts.some((a) => a.userPaymentOptionId === chosen) ? chosen : (accounts[0]?.userPaymentOptionId ?? null);

  // Back from the bank-linking page: the account it linked is saved first in the list, and chosen.
  useBankLinkReturn(
    ({ account, payFailed }) => {
      setChosen(account.userPaymentOptionId);
      setNotice(payFailed ? BANK_LINKED_PAY_FAILED_TEXT : `${bankAccountLabel(account)} is linked.`);
    },
    (failure) => fail(failure, BANK_LINK_FAILED_TEXT),
  );

  async function link() {
    setError(null);
    try {
      // With an order the page pays it from the new account as soon as it is linked.
      if (!orderId) return setPageUrl((await addBank({}).unwrap()).url);
      const page = await payAch({ orderId }).unwrap();
      if (page.action === 'link') setPageUrl(page.url);
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
      {error ? <OutcomeMessage tone="error">{error}</OutcomeMessage> : null}
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
                  <Button variant="link" disabled={busy} aria-label={`Delete ${label}`} onClick={() => setConfirming(account)}>
                    Delete
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      <div className="payments-actions">
        {orderId && selected ? (
          <Button size="large" data-testid="bank-pay" disabled={busy} onClick={() => void pay()}>
            {payState.isLoading ? 'Starting the bank payment…' : 'Pay from this bank account'}
          </Button>
        ) : null}
        <Button
          variant={orderId && selected ? 'link' : 'primary'}
          size={orderId && selected ? 'regular' : 'large'}
          data-testid="bank-link"
          disabled={busy}
          onClick={() => void link()}
        >
          {orderId ? 'Link a bank account and pay' : 'Link a bank account'}
        </Button>
      </div>
      {confirming ? (
        <ConfirmDelete
          label={bankAccountLabel(confirming)}
          busy={deleteState.isLoading}
          onConfirm={() => void remove(confirming)}
          onCancel={() => setConfirming(null)}
        />
      ) : null}
      {pageUrl ? <BankLinkDialog url={pageUrl} onClose={() => setPageUrl(null)} /> : null}
    </div>
  );
}
