import type { ReactNode } from 'react';
import { useAppSelector } from '../../../lib/hooks.ts';
import { selectShowLoader } from '../login-slice.ts';

/** Submit button of the auth forms: disabled with a spinner while the login slice's showLoader is on. */
export function SubmitButton({ children, busyLabel }: { children: ReactNode; busyLabel: string }) {
  const busy = useAppSelector(selectShowLoader);
  return (
    <button type="submit" className="auth-button auth-button--primary" disabled={busy} aria-busy={busy}>
      {busy ? (
        <>
          <span className="auth-spinner" aria-hidden="true" />
          {busyLabel}
        </>
      ) : (
        children
      )}
    </button>
  );
}
