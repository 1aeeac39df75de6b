import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { SavedBankAccount } from '@store/shared';
import { useAppDispatch } from '../../lib/hooks.ts';
import { usePaymentsSavedBankMutation } from './api/saved-bank.ts';
import { bankAccountSaved } from './payment-slice.ts';

export interface BankLinkReturn {
  account: SavedBankAccount;
  /** The link was to pay an order, and that payment could not be started (?payment=failed). */
  payFailed: boolean;
}

/**
 * Back from the bank-linking page (?bankLink=<id>, SPEC §4): the account it linked is saved first in the list
 * (POST v1/checkout/saved-bank), once per link id, and the address is cleaned. Whoever opened the link (the
 * bank panel of the pay page, cash-out) hears the account or the failure.
 */
export function useBankLinkReturn(onLinked: (linked: BankLinkReturn) => void, onFailed: (failure: unknown) => void): void {
  const dispatch = useAppDispatch();
  const [saveLinked] = usePaymentsSavedBankMutation();
  const [params, setParams] = useSearchParams();
  const linkId = params.get('bankLink');
  const payFailed = params.get('payment') === 'failed';
  const handled = useRef<string | null>(null);
  useEffect(() => {
    if (!linkId || handled.current === linkId) return;
    handled.current = linkId;
    void (async () => {
      try {
        const account = await saveLinked({ linkId }).unwrap();
        dispatch(bankAccountSaved(account));
        onLinked({ account, payFailed });
      } catch (failure) {
        onFailed(failure);
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
}
