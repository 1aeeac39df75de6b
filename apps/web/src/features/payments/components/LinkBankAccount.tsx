import { Button, OutcomeMessage } from '../../../components/ui/index.ts';
import { useState } from 'react';
import '../payments.css';
import type { BankLinkReturn, SavedBankAccount } from '@store/shared';
import { failureText } from '../../../lib/api-failure.ts';
import { usePaymentsAddBankMutation } from '../api/add-bank.ts';
import { BANK_LINK_FAILED_TEXT, bankAccountLabel } from '../bank-link.ts';
import { BankLinkDialog } from './BankLinkDialog.tsx';
import { useBankLinkReturn } from '../use-bank-link-return.ts';

/**
 * "Link a bank account" where a page needs one and has none (cash-out, issue 24): the bank-linking page comes
 * back to `returnTo`, where this saves the account it linked and tells the page.
 */
export function LinkBankAccount({
  returnTo,
  another = false,
  onLinked,
}: {
  returnTo: BankLinkReturn;
  /** The shopper has an account already: a quieter "Link another bank account". */
  another?: boolean;
  onLinked: (account: SavedBankAccount) => void;
}) {
  const [addBank, { isLoading }] = usePaymentsAddBankMutation();
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pageUrl, setPageUrl] = useState<string | null>(null);
  useBankLinkReturn(
    ({ account }) => {
      setNotice(`${bankAccountLabel(account)} is linked.`);
      onLinked(account);
    },
    (failure) => setError(failureText(failure, BANK_LINK_FAILED_TEXT)),
  );

  async function link() {
    setError(null);
    try {
      setPageUrl((await addBank({ returnTo }).unwrap()).url);
    } catch (failure) {
      setError(failureText(failure, BANK_LINK_FAILED_TEXT));
    }
  }

  return (
    <div className="link-bank-account">
      {notice ? (
        <OutcomeMessage tone="success" testId="bank-notice">
          {notice}
        </OutcomeMessage>
      ) : null}
      {error ? <OutcomeMessage tone="error">{error}</OutcomeMessage> : null}
      <Button
        variant={another ? 'link' : 'primary'}
        data-testid="bank-link"
        busy={isLoading}
        busyLabel="Opening the bank-linking page…"
        onClick={() => void link()}
      >
        {another ? 'Link another bank account' : 'Link a bank account'}
      </Button>
      {pageUrl ? <BankLinkDialog url={pageUrl} onClose={() => setPageUrl(null)} /> : null}
    </div>
  );
}
