import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { changePasswordBody } from '@store/shared';
import { Button, OutcomeMessage, PasswordField } from '../../../components/ui/index.ts';
import { useAppDispatch } from '../../../lib/hooks.ts';
import { failureText, readApiFailure } from '../../../lib/api-failure.ts';
import { sessionEnded } from '../../../lib/session.ts';
import { notify } from '../../../lib/toast.ts';
import { useProfileChangePasswordMutation } from '../api/change-password.ts';

type Field = 'currentPassword' | 'newPassword' | 'confirmPassword';
const LABELS: Record<Field, string> = {
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Repeat the new password',
};
const AUTOCOMPLETE: Record<Field, 'current-password' | 'new-password'> = {
  currentPassword: 'current-password',
  newPassword: 'new-password',
  confirmPassword: 'new-password',
};

export const PASSWORD_CHANGED_TEXT = 'Your password is changed. Please sign in with the new one.';

/**
 * Changing the password (issue 24): the current one, the new one twice. Checked here by the API's own
 * schema; a wrong current password is the server's to say. Every session ends with the change, so the
 * shopper is signed out here and sent to sign in.
 */
export function ChangePassword() {
  const id = useId();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [change, { isLoading }] = useProfileChangePasswordMutation();
  const { register, handleSubmit } = useForm<Record<Field, string>>({
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(values: Record<Field, string>) {
    setFailure(null);
    const body = { currentPassword: values.currentPassword, newPassword: values.newPassword };
    const checked = changePasswordBody.safeParse(body);
    const found: Partial<Record<Field, string>> = {};
    if (!checked.success) {
      for (const issue of checked.error.issues) found[issue.path[0] as Field] ??= `${LABELS[issue.path[0] as Field]} ${issue.message}.`;
    }
    if (values.confirmPassword !== values.newPassword) found.confirmPassword = 'Repeat the new password exactly.';
    setErrors(found);
    if (Object.keys(found).length) return;
    try {
      await change(body).unwrap();
      notify.success(PASSWORD_CHANGED_TEXT);
      dispatch(sessionEnded());
      void navigate('/login');
    } catch (error) {
      const { field, message } = readApiFailure(error);
      if (message && (field === 'currentPassword' || field === 'newPassword')) setErrors({ [field]: message });
      else setFailure(failureText(error, 'We could not change your password. Please try again.'));
    }
  }

  const field = (name: Field) => (
    <PasswordField key={name} label={LABELS[name]} autoComplete={AUTOCOMPLETE[name]} registration={register(name)} error={errors[name]} />
  );

  return (
    <section className="profile-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Password</h2>
      <form className="profile-form" onSubmit={(event) => void handleSubmit(submit)(event)} noValidate>
        {(['currentPassword', 'newPassword', 'confirmPassword'] as const).map(field)}
        <p className="profile-form__note">
          At least 8 characters. Every device is signed out, this one too; you sign in again with the new one.
        </p>
        {failure ? <OutcomeMessage tone="error">{failure}</OutcomeMessage> : null}
        <Button className="profile-form__submit" type="submit" busy={isLoading} busyLabel="Changing…">
          Change password
        </Button>
      </form>
    </section>
  );
}
