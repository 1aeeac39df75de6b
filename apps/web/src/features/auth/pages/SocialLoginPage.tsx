import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { failureText, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { useAuthSocialExchangeMutation } from '../api/social-exchange.ts';
import { AuthCard } from '../components/AuthCard.tsx';
import { OutcomeMessage } from '../../../components/ui/index.ts';
import { useCompleteSignIn } from '../hooks/use-complete-sign-in.ts';
import { takeBinding } from '../../../lib/social-binding.ts';

const NOT_STARTED_HERE = 'This sign-in was not started in this browser tab, or it was already finished. Please sign in again.';

/** The one-time code in the fragment (#code=…), removed from the address bar at once. */
function takeCodeFromFragment(): string | null {
  const code = new URLSearchParams(window.location.hash.slice(1)).get('code');
  if (window.location.hash) window.history.replaceState(window.history.state, '', window.location.pathname);
  return code;
}

/**
 * /social-login (ADR 029): where the server sends the browser after Apple or Facebook. The one-time code
 * and this tab's binding secret become a session by POST, kept exactly as a password sign-in's is, and the
 * shopper goes on where they were headed (REDIRECT_KEY).
 */
export default function SocialLoginPage() {
  const [exchange] = useAuthSocialExchangeMutation();
  const completeSignIn = useCompleteSignIn();
  const [failure, setFailure] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    // Once: the code is single use (React's development double effect must not spend it twice).
    if (started.current) return;
    started.current = true;
    const code = takeCodeFromFragment();
    const verifier = takeBinding();
    if (!code || !verifier) {
      setFailure(NOT_STARTED_HERE);
      return;
    }
    exchange({ code, verifier })
      .unwrap()
      .then(completeSignIn)
      .catch((error: unknown) => setFailure(failureText(error, NOT_STARTED_HERE, { unreachable: UNREACHABLE_TEXT })));
  }, [exchange, completeSignIn]);

  return (
    <AuthCard title={failure ? 'Sign-in not completed' : 'Signing you in…'}>
      {failure ? (
        <>
          <OutcomeMessage tone="error">
            <span data-testid="social-sign-in-error">{failure}</span>
          </OutcomeMessage>
          <p className="auth-card__text">
            <Link to="/login">Back to sign in</Link>
          </p>
        </>
      ) : (
        <p role="status" className="auth-card__text">
          One moment…
        </p>
      )}
    </AuthCard>
  );
}
