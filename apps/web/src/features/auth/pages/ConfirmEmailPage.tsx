import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { OutcomeMessage } from '../../../components/ui/index.ts';
import { failureText, GENERIC_FAILURE_TEXT, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { useAuthConfirmEmailChangeMutation } from '../api/confirm-email-change.ts';
import { AuthCard } from '../components/AuthCard.tsx';

type Outcome = { state: 'working' } | { state: 'done'; email: string } | { state: 'failed'; text: string };

export const NO_TOKEN_TEXT = 'This link is not complete. Open the link in the e-mail again, or ask for a new one from your profile.';

/**
 * /confirm-email?token=… (issue 24): the link mailed to a new address asked for from the profile. Opening it
 * moves the account there, on this device or any other, signed in or not.
 */
export default function ConfirmEmailPage() {
  const [params] = useSearchParams();
  const token = params.get('token');
  const [confirm] = useAuthConfirmEmailChangeMutation();
  const [outcome, setOutcome] = useState<Outcome>(token ? { state: 'working' } : { state: 'failed', text: NO_TOKEN_TEXT });
  const sent = useRef(false);

  useEffect(() => {
    // Once, also under StrictMode's second run: the link works once.
    if (!token || sent.current) return;
    sent.current = true;
    confirm({ token })
      .unwrap()
      .then(
        ({ email }) => setOutcome({ state: 'done', email }),
        (failure: unknown) =>
          setOutcome({ state: 'failed', text: failureText(failure, GENERIC_FAILURE_TEXT, { unreachable: UNREACHABLE_TEXT }) }),
      );
  }, [token, confirm]);

  return (
    <AuthCard title="Your new e-mail address">
      {outcome.state === 'working' ? <p role="status">Confirming your new address…</p> : null}
      {outcome.state === 'done' ? (
        <OutcomeMessage tone="success">
          Your e-mail address is now <strong>{outcome.email}</strong>. Sign in with it from now on.
        </OutcomeMessage>
      ) : null}
      {outcome.state === 'failed' ? <OutcomeMessage tone="error">{outcome.text}</OutcomeMessage> : null}
      <p className="auth-card__text">
        <Link to="/profile">Go to your profile</Link>
      </p>
    </AuthCard>
  );
}
