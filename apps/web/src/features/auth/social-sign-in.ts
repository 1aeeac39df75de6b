import type { SocialProviderName } from '@store/shared';
import { keepNewBinding } from '../../lib/social-binding.ts';

/** Sign in with Apple / Facebook (ADR 029): full-page navigation to the server, which sends the browser on to the provider. */
export async function startSocialSignIn(provider: SocialProviderName): Promise<void> {
  const binding = await keepNewBinding();
  window.location.assign(`/api/v1/auth/${provider}/start?binding=${binding}`);
}
