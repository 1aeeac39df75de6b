import type { SocialProviderName } from '@store/shared';

// Sign in with Apple / Facebook (ADR 029). The page that starts a sign-in keeps a secret in this tab's
// sessionStorage and sends only its SHA-256 to the server; the landing page proves it is the same
// browser by sending the secret with the one-time code. A link someone else started cannot sign us in.
const BINDING_KEY = 'socialSignInBinding';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** Full-page navigation to the server, which sends the browser on to the provider. */
export async function startSocialSignIn(provider: SocialProviderName): Promise<void> {
  const secret = base64url(crypto.getRandomValues(new Uint8Array(32)));
  sessionStorage.setItem(BINDING_KEY, secret);
  const hash = base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret))));
  window.location.assign(`/api/v1/auth/${provider}/start?binding=${hash}`);
}

/** The secret of the sign-in this tab started, removed as it is read (single use). */
export function takeSocialBinding(): string | null {
  const secret = sessionStorage.getItem(BINDING_KEY);
  sessionStorage.removeItem(BINDING_KEY);
  return secret;
}
