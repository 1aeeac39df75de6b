import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useAuthVerifyEmailMutation } from '../api/verify-email.ts';
import { failureText, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { OutcomeMessage } from '../../../components/ui/index.ts';

type Outcome = { tone: 'info' | 'success' | 'error'; text: string };

export const EMAIL_CONFIRMED_TEXT = 'Your e-mail is confirmed. You can sign in now.';

// A token is single-use: it is sent once for the page's life, whatever mounts this notice again (StrictMode's
// second run, or the layout remounting the login page as the shopper signs in), and every mount shows how
// that one confirmation went.
const confirmations = new Map<string, Promise<Outcome>>();

/** The e-mailed link lands on /login?verify=<token>: confirm the address once and say how it went. */
export function VerifyEmailNotice() {
  const [params] = useSearchParams();
  const token = params.get('verify');
  const [verify] = useAuthVerifyEmailMutation();
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  useEffect(() => {
    if (!token) return;
    let current = true;
    let confirmation = confirmations.get(token);
    if (!confirmation) {
      confirmation = verify({ token })
        .unwrap()
        .then(
          (): Outcome => ({ tone: 'success', text: EMAIL_CONFIRMED_TEXT }),
          (error: unknown): Outcome => ({
            tone: 'error',
            text: failureText(error, 'This confirmation link is not valid.', { unreachable: UNREACHABLE_TEXT }),
          }),
        );
      confirmations.set(token, confirmation);
    }
    setOutcome({ tone: 'info', text: 'Confirming your e-mail address…' });
    void confirmation.then((result) => current && setOutcome(result));
    return () => {
      current = false;
    };
  }, [token, verify]);

  return outcome ? <OutcomeMessage tone={outcome.tone}>{outcome.text}</OutcomeMessage> : null;
}
