import type { ReactNode } from 'react';
import { Button } from '../../../components/ui/index.ts';
import { useAppSelector } from '../../../lib/hooks.ts';
import { selectShowLoader } from '../login-slice.ts';

/** Submit button of the auth forms: disabled with a spinner while the login slice's showLoader is on. */
export function SubmitButton({ children, busyLabel }: { children: ReactNode; busyLabel: string }) {
  const busy = useAppSelector(selectShowLoader);
  return (
    <Button type="submit" className="auth-button" busy={busy} busyLabel={busyLabel}>
      {children}
    </Button>
  );
}
