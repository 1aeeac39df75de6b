import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { changeEmailBody, type ChangeEmailBody } from '@store/shared';
import { Button, OutcomeMessage, PasswordField, TextField } from '../../../components/ui/index.ts';
import { failureText, readApiFailure, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { useProfileChangeEmailMutation } from '../api/change-email.ts';

const FIELDS = ['newEmail', 'currentPassword'] as const;
const isField = (field: string | null): field is (typeof FIELDS)[number] => FIELDS.includes(field as (typeof FIELDS)[number]);

/**
 * Changing the e-mail address (issue 24): the new address and the current password. A link goes to the new
 * address, and the account moves there only when it is opened; until then it keeps the one shown here.
 */
export function ChangeEmail({ email }: { email: string }) {
  const [change, { isLoading }] = useProfileChangeEmailMutation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors },
  } = useForm<ChangeEmailBody>({ resolver: zodResolver(changeEmailBody), defaultValues: { newEmail: '', currentPassword: '' } });

  const submit = handleSubmit(async (body) => {
    setOutcome(null);
    try {
      setOutcome({ tone: 'success', text: await change(body).unwrap() });
      reset();
    } catch (failure) {
      const { field, message } = readApiFailure(failure);
      if (isField(field) && message) setError(field, { message }, { shouldFocus: true });
      else
        setOutcome({
          tone: 'error',
          text: failureText(failure, 'We could not send the link. Please try again.', { unreachable: UNREACHABLE_TEXT }),
        });
    }
  });

  return (
    <section className="profile-panel" aria-labelledby="profile-email-title">
      <h2 id="profile-email-title">E-mail address</h2>
      <p className="profile-form__note">
        You sign in with <strong>{email}</strong>. To use another address, we send a link to it; your address changes when you open it.
      </p>
      <form className="profile-form" onSubmit={(event) => void submit(event)} noValidate>
        <TextField
          label="New e-mail address"
          type="email"
          autoComplete="email"
          registration={register('newEmail')}
          error={errors.newEmail?.message}
        />
        <PasswordField
          label="Your password"
          autoComplete="current-password"
          registration={register('currentPassword')}
          error={errors.currentPassword?.message}
        />
        {outcome ? <OutcomeMessage tone={outcome.tone}>{outcome.text}</OutcomeMessage> : null}
        <Button type="submit" className="profile-form__submit" busy={isLoading} busyLabel="Sending…">
          Send the link
        </Button>
      </form>
    </section>
  );
}
