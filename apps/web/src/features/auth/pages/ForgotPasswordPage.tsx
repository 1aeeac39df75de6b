import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../lib/hooks.ts';
import { useAuthForgotPasswordMutation } from '../api/forgot-password.ts';
import { failureText, GENERIC_FAILURE_TEXT, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { emailForgetSet } from '../auth-slice.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { OutcomeMessage, TextField } from '../../../components/ui/index.ts';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { ValidationSummary } from '../components/ValidationSummary.tsx';
import type { EmailFormInput, EmailFormValues } from '../form-schemas.ts';
import { emailResolver } from '../form-resolvers.ts';
import { useIdlePreload } from '../../../lib/lazy-resolver.ts';
import { useSubmitProgress } from '../hooks/use-submit-progress.ts';

export default function ForgotPasswordPage() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [forgotPassword] = useAuthForgotPasswordMutation();
  const withProgress = useSubmitProgress();
  const [serverError, setServerError] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<EmailFormInput, unknown, EmailFormValues>({
    resolver: useIdlePreload(emailResolver),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await withProgress(() => forgotPassword({ email }).unwrap());
      dispatch(emailForgetSet(email));
      void navigate('/continue-password');
    } catch (error) {
      setServerError(failureText(error, GENERIC_FAILURE_TEXT, { unreachable: UNREACHABLE_TEXT }));
    }
  });

  return (
    <AuthCard
      title="Forgot your password?"
      intro="Enter the e-mail address of your account and we'll send you a link to choose a new password."
      footer={
        <p>
          Remembered it? <Link to="/login">Back to sign in</Link>
        </p>
      }
    >
      {serverError ? <OutcomeMessage tone="error">{serverError}</OutcomeMessage> : null}
      <ValidationSummary errors={formState.errors} submitCount={formState.submitCount} />
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <TextField
          label="E-mail"
          type="email"
          autoComplete="email"
          registration={register('email')}
          error={formState.errors.email?.message}
        />
        <SubmitButton busyLabel="Sending…">Send reset link</SubmitButton>
      </form>
    </AuthCard>
  );
}
