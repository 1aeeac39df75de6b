import { useState } from 'react';
import { Link } from 'react-router';
import { useAppSelector } from '../../../lib/hooks.ts';
import { useAuthForgotPasswordMutation } from '../api/forgot-password.ts';
import { failureText, GENERIC_FAILURE_TEXT, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { OutcomeMessage } from '../../../components/ui/index.ts';
import { useSubmitProgress } from '../hooks/use-submit-progress.ts';
import { selectShowLoader } from '../login-slice.ts';
import { selectEmailForget } from '../auth-slice.ts';

/** After /forgot-password: the same answer whether or not the address has an account. */
export default function ContinuePasswordPage() {
  const email = useAppSelector(selectEmailForget);
  const busy = useAppSelector(selectShowLoader);
  const [forgotPassword] = useAuthForgotPasswordMutation();
  const withProgress = useSubmitProgress();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  if (!email) {
    // Reached directly (or after a reload): there is no address to talk about.
    return (
      <AuthCard title="Reset your password">
        <p className="auth-card__text">Tell us the e-mail address of your account and we'll send you a reset link.</p>
        <p className="auth-card__text">
          <Link to="/forgot-password">Reset my password</Link>
        </p>
      </AuthCard>
    );
  }

  async function resend() {
    setOutcome(null);
    try {
      await withProgress(() => forgotPassword({ email }).unwrap());
      setOutcome({ tone: 'success', text: `We sent the link to ${email} again.` });
    } catch (error) {
      setOutcome({ tone: 'error', text: failureText(error, GENERIC_FAILURE_TEXT, { unreachable: UNREACHABLE_TEXT }) });
    }
  }

  return (
    <AuthCard title="Check your inbox">
      <p className="auth-card__text">
        If an account exists for <strong>{email}</strong>, we sent it a link to choose a new password. The link works once.
      </p>
      {outcome ? <OutcomeMessage tone={outcome.tone}>{outcome.text}</OutcomeMessage> : null}
      <div className="auth-actions">
        <button type="button" className="auth-button auth-button--secondary" disabled={busy} aria-busy={busy} onClick={() => void resend()}>
          Resend
        </button>
        <Link to="/login" className="auth-button auth-button--primary">
          Back to sign in
        </Link>
      </div>
    </AuthCard>
  );
}
