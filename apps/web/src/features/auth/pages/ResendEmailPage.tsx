import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useAuthResendEmailMutation } from '../api/resend-email.ts';
import { failureText, GENERIC_FAILURE_TEXT, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { OutcomeMessage, TextField } from '../../../components/ui/index.ts';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { ValidationSummary } from '../components/ValidationSummary.tsx';
import type { EmailFormInput, EmailFormValues } from '../form-schemas.ts';
import { emailResolver } from '../form-resolvers.ts';
import { useIdlePreload } from '../../../lib/lazy-resolver.ts';
import { useSubmitProgress } from '../hooks/use-submit-progress.ts';

export default function ResendEmailPage() {
  const [resendEmail] = useAuthResendEmailMutation();
  const withProgress = useSubmitProgress();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, formState } = useForm<EmailFormInput, unknown, EmailFormValues>({
    resolver: useIdlePreload(emailResolver),
    defaultValues: { email: '' },
  });

  const onSubmit = handleSubmit(async ({ email }) => {
    setServerError(null);
    try {
      await withProgress(() => resendEmail({ email }).unwrap());
      setSentTo(email);
    } catch (error) {
      setServerError(failureText(error, GENERIC_FAILURE_TEXT, { unreachable: UNREACHABLE_TEXT }));
    }
  });

  if (sentTo) {
    // The same answer whether or not the address has an account waiting, so it reveals nothing.
    return (
      <AuthCard title="Check your inbox">
        <OutcomeMessage tone="success">
          If <strong>{sentTo}</strong> belongs to an account that still needs confirming, we sent it a new confirmation link.
        </OutcomeMessage>
        <p className="auth-card__text">
          <Link to="/login">Back to sign in</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Resend the confirmation e-mail"
      intro="Enter the address you signed up with and we'll send a new confirmation link."
      footer={
        <p>
          Already confirmed? <Link to="/login">Sign in</Link>
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
        <SubmitButton busyLabel="Sending…">Send confirmation link</SubmitButton>
      </form>
    </AuthCard>
  );
}
