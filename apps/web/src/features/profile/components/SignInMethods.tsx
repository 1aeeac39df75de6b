import { useState } from 'react';
import { SOCIAL_PROVIDER_LABELS, SOCIAL_PROVIDERS, type SocialProviderName } from '@store/shared';
import { failureText, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { useProfileSignInMethodsQuery, useProfileUnlinkProviderMutation } from '../api/sign-in-methods.ts';

/**
 * The profile's "Sign-in methods" (ADR 029): the password and the linked Apple / Facebook identities,
 * each with Unlink. The server refuses to unlink the last way in; its message is shown as it says it.
 */
export function SignInMethods() {
  const { data, isError } = useProfileSignInMethodsQuery();
  const [unlink, { isLoading }] = useProfileUnlinkProviderMutation();
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; text: string } | null>(null);

  const onUnlink = async (provider: SocialProviderName) => {
    setMessage(null);
    try {
      await unlink(provider).unwrap();
      setMessage({ tone: 'success', text: `${SOCIAL_PROVIDER_LABELS[provider]} is no longer linked.` });
    } catch (error) {
      setMessage({
        tone: 'error',
        text: failureText(error, 'We could not unlink it. Please try again.', { unreachable: UNREACHABLE_TEXT }),
      });
    }
  };

  return (
    <section className="profile-panel sign-in-methods" aria-labelledby="sign-in-methods-title" data-testid="sign-in-methods">
      <h2 id="sign-in-methods-title">Sign-in methods</h2>
      {isError ? <p>We couldn't load your sign-in methods.</p> : null}
      {data ? (
        <ul className="sign-in-methods__list">
          <li>
            <span className="sign-in-methods__name">E-mail and password</span>
            <span className="sign-in-methods__state">{data.hasPassword ? 'Set' : 'Not set'}</span>
          </li>
          {SOCIAL_PROVIDERS.map((provider) => {
            const linked = data.providers.find((p) => p.provider === provider);
            const label = SOCIAL_PROVIDER_LABELS[provider];
            return (
              <li key={provider} data-testid={`sign-in-method-${provider}`}>
                <span className="sign-in-methods__name">{label}</span>
                <span className="sign-in-methods__state">
                  {linked ? `Linked${linked.email ? ` (${linked.email})` : ''}` : 'Not linked'}
                </span>
                {linked ? (
                  <button type="button" className="btn btn--outline" disabled={isLoading} onClick={() => void onUnlink(provider)}>
                    Unlink {label}
                  </button>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
      {message ? (
        <p
          role={message.tone === 'error' ? 'alert' : 'status'}
          className={`sign-in-methods__message sign-in-methods__message--${message.tone}`}
        >
          {message.text}
        </p>
      ) : null}
    </section>
  );
}
