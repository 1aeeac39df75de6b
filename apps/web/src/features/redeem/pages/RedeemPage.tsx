import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { formatCoins, type RedeemableCode } from '@store/shared';
import { failureText } from '../../../lib/api-failure.ts';
import { useRedeemCheckCodeMutation } from '../api/check-code.ts';
import { useRedeemRedeemCodeMutation } from '../api/redeem-code.ts';
import '../redeem.css';

const dateFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

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
  const [code, setCode] = useState('');
  const [found, setFound] = useState<RedeemableCode | null>(null);
  const [redeemed, setRedeemed] = useState<RedeemableCode | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [checkCode, checking] = useRedeemCheckCodeMutation();
  const [redeemCode, redeeming] = useRedeemRedeemCodeMutation();

  async function check(event: FormEvent) {
    event.preventDefault();
    setError(null);
    setFound(null);
    setRedeemed(null);
    try {
      setFound(await checkCode({ code: code.trim() }).unwrap());
    } catch (failure) {
      setError(failureText(failure, 'We could not check this code. Please try again.'));
    }
  }

  async function redeem() {
    if (!found) return;
    setError(null);
    try {
      setRedeemed(await redeemCode({ code: found.code }).unwrap());
      setFound(null);
      setCode('');
    } catch (failure) {
      setError(failureText(failure, 'We could not redeem this code. Please try again.'));
    }
  }

  return (
    <div className="task-page">
      <title>Redeem a gift card</title>
      <h1>Redeem a gift card</h1>
      <section className="task-panel">
        <p className="redeem-muted">
          Enter the code from a gift card bought here, yours or one a friend gave you. Its coins go to the wallet of the account you are
          signed in with, and a code can be redeemed once.
        </p>
        <form className="redeem-form" onSubmit={(event) => void check(event)} noValidate>
          <label className="redeem-field">
            <span>Gift-card code</span>
            <input
              name="code"
              value={code}
              onChange={(event) => setCode(event.target.value)}
              autoComplete="off"
              spellCheck={false}
              maxLength={64}
              placeholder="LDC-XXXX-XXXX-XXXX"
              data-testid="redeem-code"
            />
          </label>
          <button type="submit" className="btn btn--outline" disabled={checking.isLoading || code.trim() === ''}>
            {checking.isLoading ? 'Checking…' : 'Check code'}
          </button>
        </form>
        {error ? (
          <p className="redeem-error" role="alert" data-testid="redeem-error">
            {error}
          </p>
        ) : null}
      </section>
      {found ? (
        <section className="task-panel redeem-card" data-testid="redeem-found" aria-label="Your gift card">
          <img className="redeem-card__image" src={found.image} alt="" />
          <div>
            <h2>{found.name}</h2>
            <p data-testid="redeem-value">Gives {codeValue(found)}.</p>
            {found.redeemedAt ? (
              <p className="redeem-error" data-testid="redeem-already">
                This code was redeemed on {dateFormat.format(new Date(found.redeemedAt))}.
              </p>
            ) : (
              <button
                type="button"
                className="btn btn--primary"
                disabled={redeeming.isLoading}
                onClick={() => void redeem()}
                data-testid="redeem-submit"
              >
                {redeeming.isLoading ? 'Redeeming…' : `Redeem ${formatCoins(found.totalCoins)} coins`}
              </button>
            )}
          </div>
        </section>
      ) : null}
      {redeemed ? (
        <section className="task-panel" role="status" data-testid="redeem-done">
          <h2>Redeemed</h2>
          <p>
            {formatCoins(redeemed.totalCoins)} coins from your {redeemed.name} were added to your wallet.{' '}
            <Link to="/wallet-history">See your wallet</Link>
          </p>
        </section>
      ) : null}
    </div>
  );
}
