import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link } from 'react-router';
import { formatCoins, formatDateTime, giftCardCodeBody, type GiftCardCodeBody, type RedeemableCode } from '@store/shared';
import { Button, OutcomeMessage, PageLayout, Panel, TextField } from '../../../components/ui/index.ts';
import { failureText } from '../../../lib/api-failure.ts';
import { useRedeemCheckCodeMutation } from '../api/check-code.ts';
import { useRedeemRedeemCodeMutation } from '../api/redeem-code.ts';
import '../redeem.css';

/** What a code gives, in words: "2,500 coins", or "10,000 coins + 500 bonus = 10,500 coins". */
export function codeValue(code: Pick<RedeemableCode, 'coins' | 'bonusCoins' | 'totalCoins'>): string {
  if (code.bonusCoins === 0) return `${formatCoins(code.totalCoins)} coins`;
  return `${formatCoins(code.coins)} coins + ${formatCoins(code.bonusCoins)} bonus = ${formatCoins(code.totalCoins)} coins`;
}

/**
 * /redeem (issue 24): a shopper enters a gift-card code (theirs, or one a friend gave them), sees what it gives,
 * and redeems it: the coins go to their wallet, once.
 */
export default function RedeemPage() {
  const [found, setFound] = useState<RedeemableCode | null>(null);
  const [redeemed, setRedeemed] = useState<RedeemableCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checkCode, checking] = useRedeemCheckCodeMutation();
  const [redeemCode, redeeming] = useRedeemRedeemCodeMutation();
  // The API's own body schema: the browser refuses exactly what the server would, under the field.
  const { register, handleSubmit, reset, formState } = useForm<GiftCardCodeBody>({
    resolver: zodResolver(giftCardCodeBody),
    defaultValues: { code: '' },
  });

  const check = handleSubmit(async ({ code }) => {
    setError(null);
    setFound(null);
    setRedeemed(null);
    try {
      setFound(await checkCode({ code }).unwrap());
    } catch (failure) {
      setError(failureText(failure, 'We could not check this code. Please try again.'));
    }
  });

  async function redeem() {
    if (!found) return;
    setError(null);
    try {
      setRedeemed(await redeemCode({ code: found.code }).unwrap());
      setFound(null);
      reset({ code: '' });
    } catch (failure) {
      setError(failureText(failure, 'We could not redeem this code. Please try again.'));
    }
  }

  return (
    <PageLayout title="Redeem a gift card" width="narrow">
      <Panel label="Enter a code">
        <p className="redeem-muted">
          Enter the code from a gift card bought here, yours or one a friend gave you. Its coins go to the wallet of the account you are
          signed in with, and a code can be redeemed once.
        </p>
        <form className="ui-inline-form redeem-form" onSubmit={(event) => void check(event)} noValidate>
          <TextField
            label="Gift-card code"
            registration={register('code')}
            error={formState.errors.code?.message}
            autoComplete="off"
            spellCheck={false}
            maxLength={64}
            placeholder="LDC-XXXX-XXXX-XXXX"
            testId="redeem-code"
          />
          <Button type="submit" variant="outline" busy={checking.isLoading} busyLabel="Checking…">
            Check code
          </Button>
        </form>
        {error ? (
          <OutcomeMessage tone="error" testId="redeem-error">
            {error}
          </OutcomeMessage>
        ) : null}
      </Panel>
      {found ? (
        <Panel className="redeem-card" testId="redeem-found" label="Your gift card">
          <img className="redeem-card__image" src={found.image} alt="" />
          <div>
            <h2>{found.name}</h2>
            <p data-testid="redeem-value">Gives {codeValue(found)}.</p>
            {found.redeemedAt ? (
              <p className="redeem-already" data-testid="redeem-already">
                This code was redeemed on {formatDateTime(found.redeemedAt)}.
              </p>
            ) : (
              <Button busy={redeeming.isLoading} busyLabel="Redeeming…" onClick={() => void redeem()} data-testid="redeem-submit">
                Redeem {formatCoins(found.totalCoins)} coins
              </Button>
            )}
          </div>
        </Panel>
      ) : null}
      {redeemed ? (
        <Panel title="Redeemed" role="status" testId="redeem-done">
          <p>
            {formatCoins(redeemed.totalCoins)} coins from your {redeemed.name} were added to your wallet.{' '}
            <Link to="/wallet-history">See your wallet</Link>
          </p>
        </Panel>
      ) : null}
    </PageLayout>
  );
}
