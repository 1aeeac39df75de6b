import { useId, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { changePasswordBody } from '@store/shared';
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
const AUTOCOMPLETE: Record<Field, string> = {
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
  const [values, setValues] = useState<Record<Field, string>>({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  async function submit(event: FormEvent) {
    event.preventDefault();
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
    <div className="profile-field" key={name}>
      <label htmlFor={`${id}-${name}`} className="profile-field__label">
        {LABELS[name]}
      </label>
      <input
        id={`${id}-${name}`}
        className="profile-field__input"
        type="password"
        autoComplete={AUTOCOMPLETE[name]}
        maxLength={128}
        value={values[name]}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        onChange={(event) => setValues({ ...values, [name]: event.target.value })}
      />
      {errors[name] ? (
        <p id={`${id}-${name}-error`} className="profile-field__error">
          {errors[name]}
        </p>
      ) : null}
    </div>
  );

  return (
    <section className="profile-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Password</h2>
      <form className="profile-form" onSubmit={(event) => void submit(event)} noValidate>
        {(['currentPassword', 'newPassword', 'confirmPassword'] as const).map(field)}
        <p className="profile-form__note">
          At least 8 characters. Every device is signed out, this one too; you sign in again with the new one.
        </p>
        {failure ? (
          <p role="alert" className="profile-field__error">
            {failure}
          </p>
        ) : null}
        <button type="submit" className="btn btn--primary profile-form__submit" disabled={isLoading}>
          {isLoading ? 'Changing…' : 'Change password'}
        </button>
      </form>
    </section>
  );
}
