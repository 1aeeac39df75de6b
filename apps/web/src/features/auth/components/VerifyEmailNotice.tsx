import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuthVerifyEmailMutation } from '../api/verify-email.ts';
import { failureText, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { OutcomeMessage } from '../../../components/ui/index.ts';

type Outcome = { tone: 'info' | 'success' | 'error'; text: string };

export const EMAIL_CONFIRMED_TEXT = 'Your e-mail is confirmed. You can sign in now.';

/** The e-mailed link lands on /login?verify=<token>: confirm the address once and say how it went. */
export function VerifyEmailNotice() {
  const [params] = useSearchParams();
  const token = params.get('verify');
  const [verify] = useAuthVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  // A token is single-use; the ref keeps a re-run of the effect (StrictMode, re-render) from spending it twice.
  const verifiedToken = useRef<string | null>(null);

  useEffect(() => {
    if (!token || verifiedToken.current === token) return;
    verifiedToken.current = token;
    setOutcome({ tone: 'info', text: 'Confirming your e-mail address…' });
    verify({ token })
      .unwrap()
      .then(
        () => setOutcome({ tone: 'success', text: EMAIL_CONFIRMED_TEXT }),
        (error: unknown) =>
          setOutcome({
            tone: 'error',
            text: failureText(error, 'This confirmation link is not valid.', { unreachable: UNREACHABLE_TEXT }),
          }),
      );
  }, [token, verify]);

  return outcome ? <OutcomeMessage tone={outcome.tone}>{outcome.text}</OutcomeMessage> : null;
}
