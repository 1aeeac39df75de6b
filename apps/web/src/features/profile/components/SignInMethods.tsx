import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import {
  SOCIAL_LINK_ERROR_MESSAGES,
  SOCIAL_PROVIDER_LABELS,
  SOCIAL_PROVIDERS,
  type SocialErrorCode,
  type SocialProviderName,
} from '@store/shared';
import { Button, OutcomeMessage } from '../../../components/ui/index.ts';
import { failureText, UNREACHABLE_TEXT } from '../../../lib/api-failure.ts';
import { keepNewBinding, takeBinding } from '../../../lib/social-binding.ts';
import {
  useProfileFinishLinkMutation,
  useProfileSignInMethodsQuery,
  useProfileStartLinkMutation,
  useProfileUnlinkProviderMutation,
} from '../api/sign-in-methods.ts';

type Message = { tone: 'error' | 'success'; text: string };

const isProvider = (value: string | null): value is SocialProviderName => SOCIAL_PROVIDERS.includes(value as SocialProviderName);
const isLinkError = (code: string | null): code is SocialErrorCode => code !== null && code in SOCIAL_LINK_ERROR_MESSAGES;
export const LINK_EXPIRED_TEXT = 'This link has expired or was started in another tab. Please link it again.';

/**
 * The profile's "Sign-in methods" (ADR 029): the password and the Apple / Facebook identities, each linked
 * one with Unlink and each other with Link. Linking goes to the provider and comes back here: with
 * #link=<code>&provider=… to finish (with this tab's binding secret), or ?link_error=<code>. The server
 * refuses to unlink the last way in, or to link an identity that signs in to another account; its message
 * is shown as it says it.
 */
export function SignInMethods() {
  const { data, isError } = useProfileSignInMethodsQuery();
  const [unlink, unlinking] = useProfileUnlinkProviderMutation();
  const [startLink, starting] = useProfileStartLinkMutation();
  const [finishLink, finishing] = useProfileFinishLinkMutation();
  const [message, setMessage] = useState<Message | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  const handled = useRef(false);
  const busy = unlinking.isLoading || starting.isLoading || finishing.isLoading;

  // The provider's answer, once: the fragment or the error leaves the address bar before anything is sent.
  useEffect(() => {
    if (handled.current) return;
    const fragment = new URLSearchParams(location.hash.slice(1));
    const query = new URLSearchParams(location.search);
    const code = fragment.get('link');
    const provider = fragment.get('provider');
    const error = query.get('link_error');
    if (!code && !error) return;
    handled.current = true;
    query.delete('link_error');
    void navigate({ pathname: location.pathname, search: query.size ? `?${query}` : '' }, { replace: true });
    if (error)
      return setMessage({
        tone: 'error',
        text: isLinkError(error) ? SOCIAL_LINK_ERROR_MESSAGES[error] : SOCIAL_LINK_ERROR_MESSAGES.failed,
      });
    const verifier = takeBinding();
    if (!code || !isProvider(provider) || !verifier) return setMessage({ tone: 'error', text: LINK_EXPIRED_TEXT });
    finishLink({ provider, code, verifier })
      .unwrap()
      .then(
        () => setMessage({ tone: 'success', text: `${SOCIAL_PROVIDER_LABELS[provider]} is now linked: you can sign in with it.` }),
        (failure: unknown) =>
          setMessage({
            tone: 'error',
            text: failureText(failure, 'We could not link it. Please try again.', { unreachable: UNREACHABLE_TEXT }),
          }),
      );
  }, [location, navigate, finishLink]);

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

  const onLink = async (provider: SocialProviderName) => {
    setMessage(null);
    try {
      const url = await startLink({ provider, binding: await keepNewBinding() }).unwrap();
      window.location.assign(url);
    } catch (error) {
      setMessage({
        tone: 'error',
        text: failureText(error, 'We could not start linking. Please try again.', { unreachable: UNREACHABLE_TEXT }),
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
                  <Button variant="outline" disabled={busy} onClick={() => void onUnlink(provider)}>
                    Unlink {label}
                  </Button>
                ) : (
                  <Button variant="outline" disabled={busy} onClick={() => void onLink(provider)}>
                    Link {label}
                  </Button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
      {message ? <OutcomeMessage tone={message.tone}>{message.text}</OutcomeMessage> : null}
    </section>
  );
}
