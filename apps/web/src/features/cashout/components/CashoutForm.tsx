import { useState, type FormEvent } from 'react';
import { formatCents, formatCoins, type CashoutRules, type SavedBankAccount } from '@store/shared';
import { failureText, readApiFailure } from '../../../lib/api-failure.ts';
import { notify } from '../../../lib/toast.ts';
import { useRequestCashoutMutation } from '../api/cashout-api.ts';

/**
 * The request form: whole coins, one of the saved bank accounts, with the rules it must keep. Not `ready` (the
 * shopper must verify or link an account first, which the page says): the rules only.
 */
export function CashoutForm({ rules, accounts, ready = true }: { rules: CashoutRules; accounts: SavedBankAccount[]; ready?: boolean }) {
  const [amount, setAmount] = useState('');
  const [accountId, setAccountId] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [requestCashout, { isLoading }] = useRequestCashoutMutation();
  const chosen = accountId || accounts[0]?.userPaymentOptionId || '';
  const coins = Number(amount);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (!/^\d+$/.test(amount.trim()) || coins <= 0) {
      setError('Enter a whole number of coins.');
      return;
    }
    try {
      await requestCashout({ amount: coins, userPaymentOptionId: chosen }).unwrap();
      setAmount('');
      notify.success(`Cash-out of ${formatCoins(coins)} coins requested.`);
    } catch (failure) {
      const { field } = readApiFailure(failure);
      setError(failureText(failure) + (field === 'verification' ? ' Go to Verify identity in the menu.' : ''));
    }
  }

  return (
    <form className="cashout-form" onSubmit={(event) => void submit(event)} aria-label="Request a cash-out" noValidate>
      <ul className="cashout-rules" data-testid="cashout-rules">
        <li>
          Between {formatCoins(rules.minCoins)} and {formatCoins(rules.maxCoins)} coins a request; at most{' '}
          {formatCoins(rules.dailyLimitCoins)} coins a day.
        </li>
        <li>Only your winnings can be cashed out. {formatCoins(rules.coinsPerDollar)} coins are $1.00.</li>
        <li>A verified identity is required, and no cash-out within {rules.achHoldHours} hours after a bank purchase settled.</li>
      </ul>
      {!ready || accounts.length === 0 ? null : (
        <>
          <label className="cashout-field">
            <span>Coins</span>
            <input
              name="amount"
              inputMode="numeric"
              value={amount}
              onChange={(event) => setAmount(event.target.value)}
              placeholder={String(rules.minCoins)}
              data-testid="cashout-amount"
            />
          </label>
          {Number.isInteger(coins) && coins > 0 && (
            <p className="cashout-note" data-testid="cashout-dollars">
              You receive {formatCents(Math.floor((coins * 100) / rules.coinsPerDollar))}.
            </p>
          )}
          <label className="cashout-field">
            <span>Bank account</span>
            <select name="bankAccount" value={chosen} onChange={(event) => setAccountId(event.target.value)} data-testid="cashout-bank">
              {accounts.map((account) => (
                <option key={account.userPaymentOptionId} value={account.userPaymentOptionId}>
                  {account.bankName} ••{account.last4}
                </option>
              ))}
            </select>
          </label>
          {error && (
            <p className="cashout-error" role="alert" data-testid="cashout-error">
              {error}
            </p>
          )}
          <button type="submit" className="cashout-button" disabled={isLoading} data-testid="cashout-submit">
            {isLoading ? 'Requesting…' : 'Request cash-out'}
          </button>
        </>
      )}
    </form>
  );
}
