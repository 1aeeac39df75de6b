import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { useAuthSignupMutation } from '../api/signup.ts';
import { failureText, readApiFailure, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { Checkbox, fieldMessage, OutcomeMessage, PasswordField, TextField } from '../../../components/ui/index.ts';
import { SocialSignInButtons } from '../components/SocialSignInButtons.tsx';
import { SubmitButton } from '../components/SubmitButton.tsx';
import { ValidationSummary } from '../components/ValidationSummary.tsx';
import type { SignupFormInput, SignupFormValues } from '../form-schemas.ts';
import { signupResolver } from '../form-resolvers.ts';
import { useIdlePreload } from '../../../lib/lazy-resolver.ts';
import { useSubmitProgress } from '../hooks/use-submit-progress.ts';

const FORM_FIELDS = ['firstname', 'lastname', 'email', 'password'] as const;
type ServerField = (typeof FORM_FIELDS)[number];
const isFormField = (field: string | null): field is ServerField => FORM_FIELDS.includes(field as ServerField);

export default function SignupPage() {
  const [signup] = useAuthSignupMutation();
  const withProgress = useSubmitProgress();
  const [serverError, setServerError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { register, handleSubmit, setError, formState } = useForm<SignupFormInput, unknown, SignupFormValues>({
    resolver: useIdlePreload(signupResolver),
    defaultValues: { firstname: '', lastname: '', email: '', password: '', confirmPassword: '', adult: false, terms: false },
  });
  const { errors } = formState;

  const onSubmit = handleSubmit(async ({ firstname, lastname, email, password }) => {
    setServerError(null);
    try {
      await withProgress(() => signup({ firstname, lastname, email, password, adultConfirmed: true }).unwrap());
      setSentTo(email);
    } catch (error) {
      // The server names the offending field (e.g. an e-mail already registered): put the message there.
      const failure = readApiFailure(error);
      if (failure.message && isFormField(failure.field)) setError(failure.field, { message: failure.message }, { shouldFocus: true });
      else setServerError(failureText(error, 'We could not create your account. Please try again.', { unreachable: UNREACHABLE_TEXT }));
    }
  });

  if (sentTo) {
    return (
      <AuthCard title="Check your inbox">
        <OutcomeMessage tone="success">
          We sent a confirmation link to <strong>{sentTo}</strong>. Open it to activate your account, then sign in.
        </OutcomeMessage>
        <p className="auth-card__text">
          Nothing arrived after a few minutes? Look in your spam folder or <Link to="/resend-email">send the link again</Link>.
        </p>
        <p className="auth-card__text">
          <Link to="/login">Go to sign in</Link>
        </p>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Create your account"
      intro="Join in a minute and start collecting coins."
      footer={
        <p>
          Already have an account? <Link to="/login">Sign in</Link>
        </p>
      }
    >
      {serverError ? <OutcomeMessage tone="error">{serverError}</OutcomeMessage> : null}
      <SocialSignInButtons />
      <ValidationSummary errors={errors} submitCount={formState.submitCount} />
      <form className="auth-form" onSubmit={(event) => void onSubmit(event)} noValidate>
        <div className="auth-form__row">
          <TextField label="First name" autoComplete="given-name" registration={register('firstname')} error={errors.firstname?.message} />
          <TextField label="Last name" autoComplete="family-name" registration={register('lastname')} error={errors.lastname?.message} />
        </div>
        <TextField label="E-mail" type="email" autoComplete="email" registration={register('email')} error={errors.email?.message} />
        <PasswordField
          label="Password"
          autoComplete="new-password"
          hint="At least 8 characters."
          registration={register('password')}
          error={errors.password?.message}
        />
        <PasswordField
          label="Confirm password"
          autoComplete="new-password"
          registration={register('confirmPassword')}
          error={errors.confirmPassword?.message}
        />
        <Checkbox registration={register('adult')} error={errors.adult?.message}>
          I am 18 years of age or older
        </Checkbox>
        <Checkbox registration={register('terms')} error={fieldMessage('Terms', errors.terms?.message)}>
          I accept the{' '}
          <Link to="/use-policy-terms" target="_blank" rel="noopener noreferrer">
            Terms and Conditions
          </Link>
        </Checkbox>
        <SubmitButton busyLabel="Creating your account…">Create account</SubmitButton>
      </form>
    </AuthCard>
  );
}
