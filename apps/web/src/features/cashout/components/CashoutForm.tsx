import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { cashoutRequestBody, formatCents, formatCoins, type CashoutRules, type SavedBankAccount } from '@store/shared';
import { Button, OutcomeMessage, SelectField, TextField } from '../../../components/ui/index.ts';
import { failureText, readApiFailure } from '../../../lib/api-failure.ts';
import { notify } from '../../../lib/toast.ts';
import { useRequestCashoutMutation } from '../api/cashout-api.ts';

// The request's own schema (@store/shared) behind a text box: whole coins typed as digits, then the API's rule.
const cashoutForm = z.object({
  amount: z.string().trim().regex(/^\d+$/, 'Enter a whole number of coins.').transform(Number).pipe(cashoutRequestBody.shape.amount),
  // Empty until the shopper picks one: the first account, which the select shows, is meant.
  userPaymentOptionId: z.string().max(100),
});
type CashoutFormInput = z.input<typeof cashoutForm>;
type CashoutFormValues = z.output<typeof cashoutForm>;

/** What a typed amount pays out ("You receive $15.00."), once it is a whole number of coins. */
function payoutPreview(amount: string, coinsPerDollar: number): string | undefined {
  const coins = Number(amount.trim());
  if (!/^\d+$/.test(amount.trim()) || coins <= 0) return undefined;
  return `You receive ${formatCents(Math.floor((coins * 100) / coinsPerDollar))}.`;
}

/**
 * The request form: whole coins, one of the saved bank accounts, with the rules it must keep. Not `ready` (the
 * shopper must verify or link an account first, which the page says): the rules only.
 */
export function CashoutForm({ rules, accounts, ready = true }: { rules: CashoutRules; accounts: SavedBankAccount[]; ready?: boolean }) {
  const [error, setError] = useState<string | null>(null);
  const [requestCashout, { isLoading }] = useRequestCashoutMutation();
  const { register, handleSubmit, reset, watch, formState } = useForm<CashoutFormInput, unknown, CashoutFormValues>({
    resolver: zodResolver(cashoutForm),
    defaultValues: { amount: '', userPaymentOptionId: '' },
  });

  const submit = handleSubmit(async ({ amount, userPaymentOptionId }) => {
    setError(null);
    try {
      await requestCashout({ amount, userPaymentOptionId: userPaymentOptionId || accounts[0]?.userPaymentOptionId || '' }).unwrap();
      reset({ amount: '', userPaymentOptionId });
      notify.success(`Cash-out of ${formatCoins(amount)} coins requested.`);
    } catch (failure) {
      const { field } = readApiFailure(failure);
      setError(failureText(failure) + (field === 'verification' ? ' Go to Verify identity in the menu.' : ''));
    }
  });

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
          <TextField
            label="Coins"
            registration={register('amount')}
            error={formState.errors.amount?.message}
            inputMode="numeric"
            autoComplete="off"
            placeholder={String(rules.minCoins)}
            hint={payoutPreview(watch('amount'), rules.coinsPerDollar)}
            testId="cashout-amount"
          />
          <SelectField
            label="Bank account"
            registration={register('userPaymentOptionId')}
            error={formState.errors.userPaymentOptionId?.message}
            options={accounts.map((account) => ({ value: account.userPaymentOptionId, label: `${account.bankName} ••${account.last4}` }))}
            testId="cashout-bank"
          />
          {error ? (
            <OutcomeMessage tone="error" testId="cashout-error">
              {error}
            </OutcomeMessage>
          ) : null}
          <Button type="submit" className="cashout-submit" busy={isLoading} busyLabel="Requesting…" data-testid="cashout-submit">
            Request cash-out
          </Button>
        </>
      )}
    </form>
  );
}
