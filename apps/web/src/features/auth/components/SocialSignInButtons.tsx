import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { SOCIAL_ERROR_MESSAGES, SOCIAL_PROVIDER_LABELS, SOCIAL_PROVIDERS, type SocialProviderName } from '@store/shared';
import { startSocialSignIn } from '../social-sign-in.ts';
import { OutcomeMessage } from '../../../components/ui/index.ts';

const isErrorCode = (code: string | null): code is keyof typeof SOCIAL_ERROR_MESSAGES => code !== null && code in SOCIAL_ERROR_MESSAGES;

/**
 * "Continue with Apple / Facebook" (ADR 029) on /login and /signup, and the reason a social sign-in came
 * back to /login (?social_error=…, set by the server).
 */
export function SocialSignInButtons() {
  const [params] = useSearchParams();
  const [starting, setStarting] = useState<SocialProviderName | null>(null);
  const errorCode = params.get('social_error');
  const start = (provider: SocialProviderName) => {
    setStarting(provider);
    void startSocialSignIn(provider);
  };
  return (
    <div className="social-sign-in">
      {isErrorCode(errorCode) ? (
        <OutcomeMessage tone="error">
          <span data-testid="social-sign-in-error">{SOCIAL_ERROR_MESSAGES[errorCode]}</span>
        </OutcomeMessage>
      ) : null}
      {SOCIAL_PROVIDERS.map((provider) => (
        <button
          key={provider}
          type="button"
          className={`social-sign-in__button social-sign-in__button--${provider}`}
          disabled={starting !== null}
          onClick={() => start(provider)}
        >
          {starting === provider ? 'Opening…' : `Continue with ${SOCIAL_PROVIDER_LABELS[provider]}`}
        </button>
      ))}
      <p className="social-sign-in__or">or use your e-mail</p>
    </div>
  );
}
