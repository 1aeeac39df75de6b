import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useSearchParams } from 'react-router';
import { useAppDispatch, useAppSelector } from '../../../lib/hooks.ts';
import { useAuthLoginMutation } from '../api/login.ts';
import { failureText, readApiFailure, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { OutcomeMessage, PasswordField, TextField } from '../../../components/ui/index.ts';
import { SocialSignInButtons } from '../components/SocialSignInButtons.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { ValidationSummary } from '../components/ValidationSummary.tsx';
import { VerifyEmailNotice } from '../components/VerifyEmailNotice.tsx';
import type { LoginFormInput, LoginFormValues } from '../form-schemas.ts';
import { loginResolver } from '../form-resolvers.ts';
import { useIdlePreload } from '../../../lib/lazy-resolver.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { useSubmitProgress } from '../hooks/use-submit-progress.ts';
import { credentialsEntered, selectRememberedEmail } from '../login-slice.ts';

type Failure = { kind: 'unverified' } | { kind: 'delayed'; text: string } | { kind: 'message'; text: string };

/** What a failed sign-in shows: the server's own words, which say how long to wait when it is a delay. */
function failureOf(error: unknown): Failure {
  const { code } = readApiFailure(error);
  if (code === 'EMAIL_NOT_VERIFIED') return { kind: 'unverified' };
  const text = failureText(error, 'We could not sign you in. Please try again.', { unreachable: UNREACHABLE_TEXT });
  // SIGN_IN_DELAYED: wrong passwords for the address made further sign-ins wait (ADR 034).
  return code === 'SIGN_IN_DELAYED' ? { kind: 'delayed', text } : { kind: 'message', text };
}

export default function LoginPage() {
  const dispatch = useAppDispatch();
  const rememberedEmail = useAppSelector(selectRememberedEmail);
  const [login] = useAuthLoginMutation();
  const completeSignIn = useCompleteSignIn();
  const withProgress = useSubmitProgress();
  const [failure, setFailure] = useState<Failure | null>(null);
  // The e-mailed unlock link lands on /login?unlock=<token>: this sign-in may skip the account's wait.
  const [params] = useSearchParams();
  const unlockToken = params.get('unlock') || undefined;
  const { register, handleSubmit, formState } = useForm<LoginFormInput, unknown, LoginFormValues>({
    resolver: useIdlePreload(loginResolver),
    defaultValues: { email: rememberedEmail, password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setFailure(null);
    dispatch(credentialsEntered({ email: values.email }));
    try {
      const session = await withProgress(() => login(unlockToken ? { ...values, unlockToken } : values).unwrap());
      completeSignIn(session);
    } catch (error) {
      setFailure(failureOf(error));
    }
  });

  return (
    <AuthCard
      title="Sign in"
      intro="Welcome back! Sign in to top up your coins."
      footer={
        <>
          <p>
            New here? <Link to="/signup">Create an account</Link>
          </p>
          <p>
            Didn't get the confirmation e-mail? <Link to="/resend-email">Send it again</Link>
          </p>
        </>
      }
    >
      <VerifyEmailNotice />
      {unlockToken ? (
        <OutcomeMessage tone="info">
          Your sign-in link is ready: enter your password to sign in now, without waiting. The link works once, for one hour.
        </OutcomeMessage>
      ) : null}
      {failure?.kind === 'unverified' ? (
        <OutcomeMessage tone="error">
          Please confirm your e-mail address before signing in. Open the link we sent you, or{' '}
          <Link to="/resend-email">send the confirmation e-mail again</Link>.
        </OutcomeMessage>
      ) : null}
      {failure?.kind === 'message' ? <OutcomeMessage tone="error">{failure.text}</OutcomeMessage> : null}
      {failure?.kind === 'delayed' ? (
        <OutcomeMessage tone="error">
          {failure.text} <Link to="/forgot-password">Reset your password</Link>
        </OutcomeMessage>
      ) : null}
      <SocialSignInButtons />
      <ValidationSummary errors={formState.errors} submitCount={formState.submitCount} />
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={formState.errors.email?.message}
        />
        <PasswordField
          label="Password"
          autoComplete="current-password"
          registration={register('password')}
          error={formState.errors.password?.message}
        />
        <p className="auth-form__aside">
          <Link to="/forgot-password">Forgot your password?</Link>
        </p>
        <SubmitButton busyLabel="Signing in…">Sign in</SubmitButton>
      </form>
    </AuthCard>
  );
}
