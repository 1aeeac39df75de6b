import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../lib/hooks.ts';
import { useAuthTestAccountsQuery } from '../api/test-accounts.ts';
import { useAuthTestLoginMutation } from '../api/test-login.ts';
import { failureText, readApiFailure, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { OutcomeMessage } from '../../../components/ui/index.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { useSubmitProgress } from '../hooks/use-submit-progress.ts';
import { selectShowLoader } from '../login-slice.ts';

export const DEMO_OFF_TEXT = 'Demo sign-in is off on this server.';

/** One-click sign-in with the server's demo accounts (only when it runs with demo data). */
export default function TestLoginPage() {
  const accounts = useAuthTestAccountsQuery();
  const [testLogin] = useAuthTestLoginMutation();
  const completeSignIn = useCompleteSignIn();
  const withProgress = useSubmitProgress();
  const busy = useAppSelector(selectShowLoader);
  const [pendingEmail, setPendingEmail] = useState<string | null>(null);
  const [signInError, setSignInError] = useState<string | null>(null);

  async function signInAs(email: string) {
    setSignInError(null);
    setPendingEmail(email);
    try {
      completeSignIn(await withProgress(() => testLogin({ email }).unwrap()));
    } catch (error) {
      setPendingEmail(null);
      setSignInError(failureText(error, 'We could not sign you in with that account.', { unreachable: UNREACHABLE_TEXT }));
    }
  }

  let body;
  if (accounts.isLoading) {
    body = <p role="status">Loading demo accounts…</p>;
  } else if (accounts.error) {
    const off = readApiFailure(accounts.error).status === 404;
    body = (
      <OutcomeMessage tone={off ? 'info' : 'error'}>
        {off ? DEMO_OFF_TEXT : failureText(accounts.error, 'We could not load the demo accounts.', { unreachable: UNREACHABLE_TEXT })}
      </OutcomeMessage>
    );
  } else if (!accounts.data?.length) {
    body = <OutcomeMessage tone="info">There are no demo accounts on this server.</OutcomeMessage>;
  } else {
    body = (
      <ul className="demo-accounts">
        {accounts.data.map((account) => (
          <li key={account.email} className="demo-accounts__item">
            <button
              type="button"
              className="auth-button auth-button--primary"
              disabled={busy}
              aria-busy={pendingEmail === account.email}
              onClick={() => void signInAs(account.email)}
            >
              Sign in as {account.name} ({account.role})
            </button>
            <span className="demo-accounts__email">{account.email}</span>
          </li>
        ))}
      </ul>
    );
  }

  return (
    <AuthCard
      title="Demo sign-in"
      intro="Try the store with a ready-made account: no password needed."
      footer={
        <p>
          Prefer your own account? <Link to="/login">Sign in</Link> or <Link to="/signup">create one</Link>
        </p>
      }
    >
      {signInError ? <OutcomeMessage tone="error">{signInError}</OutcomeMessage> : null}
      {body}
    </AuthCard>
  );
}
