import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { useAppDispatch } from '../../../lib/hooks.ts';
import { notify } from '../../../lib/toast.ts';
import { useAuthResetPasswordCheckQuery } from '../api/reset-password-check.ts';
import { useAuthResetPasswordMutation } from '../api/reset-password.ts';
import { failureText, GENERIC_FAILURE_TEXT, readApiFailure, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { resetTokenSet } from '../auth-slice.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { OutcomeMessage, PasswordField } from '../../../components/ui/index.ts';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { ValidationSummary } from '../components/ValidationSummary.tsx';
import type { NewPasswordFormInput, NewPasswordFormValues } from '../form-schemas.ts';
import { newPasswordResolver } from '../form-resolvers.ts';
import { useIdlePreload } from '../../../lib/lazy-resolver.ts';
import { useSubmitProgress } from '../hooks/use-submit-progress.ts';

export const LINK_EXPIRED_TEXT = 'This link has expired or was already used';
export const PASSWORD_CHANGED_TEXT = 'Your password has been changed. Sign in with your new password.';

export default function NewPasswordPage() {
  const { id: token = '' } = useParams();
  const check = useAuthResetPasswordCheckQuery(token, { skip: !token });
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [resetPassword] = useAuthResetPasswordMutation();
  const withProgress = useSubmitProgress();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<NewPasswordFormInput, unknown, NewPasswordFormValues>({
    resolver: useIdlePreload(newPasswordResolver),
    defaultValues: { password: '', confirmPassword: '' },
  });
  const validEmail = check.data?.email;

  useEffect(() => {
    if (!validEmail) return;
    dispatch(resetTokenSet(token));
    return () => {
      dispatch(resetTokenSet(null));
    };
  }, [dispatch, token, validEmail]);

  const onSubmit = handleSubmit(async ({ password }) => {
    setServerError(null);
    try {
      await withProgress(() => resetPassword({ token, password }).unwrap());
      notify.success(PASSWORD_CHANGED_TEXT);
      void navigate('/login', { replace: true });
    } catch (error) {
      setServerError(failureText(error, 'We could not change your password. Please try again.', { unreachable: UNREACHABLE_TEXT }));
    }
  });

  if (check.isLoading) {
    return (
      <AuthCard title="Choose a new password">
        <p role="status">Checking your link…</p>
      </AuthCard>
    );
  }

  // A transport failure is not the link's fault: say so instead of calling it expired.
  const unreachable = check.isError && readApiFailure(check.error).status === null;
  if (!token || check.isError || !validEmail) {
    return (
      <AuthCard title={unreachable ? 'Choose a new password' : LINK_EXPIRED_TEXT}>
        {unreachable ? (
          <OutcomeMessage tone="error">{failureText(check.error, GENERIC_FAILURE_TEXT, { unreachable: UNREACHABLE_TEXT })}</OutcomeMessage>
        ) : (
          <p className="auth-card__text">Password reset links work once and only for a limited time. Ask for a fresh one below.</p>
        )}
        <p className="auth-card__text">
          <Link to="/forgot-password">Request a new link</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Choose a new password"
      intro={
        <>
          For <strong>{validEmail}</strong>
        </>
      }
    >
      {serverError ? <OutcomeMessage tone="error">{serverError}</OutcomeMessage> : null}
      <ValidationSummary errors={formState.errors} submitCount={formState.submitCount} />
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          registration={register('password')}
          error={formState.errors.password?.message}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          registration={register('confirmPassword')}
          error={formState.errors.confirmPassword?.message}
        />
        <SubmitButton busyLabel="Saving…">Save new password</SubmitButton>
      </form>
    </AuthCard>
  );
}
