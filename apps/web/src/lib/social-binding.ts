// The browser binding of a sign-in or a link with Apple / Facebook (ADR 029). The page that starts one keeps a
// secret in this tab's sessionStorage and sends only its SHA-256 to the server; the page it comes back to
// proves it is the same browser by sending the secret with the one-time code. A link someone else started
// cannot sign us in, nor link their identity to our account.
const BINDING_KEY = 'socialSignInBinding';

const base64url = (bytes: Uint8Array) =>
  btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');

/** A new secret kept for this tab (replacing any earlier one); answers its hash, base64url(sha256). */
export async function keepNewBinding(): Promise<string> {
  const secret = base64url(crypto.getRandomValues(new Uint8Array(32)));
  sessionStorage.setItem(BINDING_KEY, secret);
  return base64url(new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(secret))));
}

/** The secret this tab kept, removed as it is read (single use). */
export function takeBinding(): string | null {
  const secret = sessionStorage.getItem(BINDING_KEY);
  sessionStorage.removeItem(BINDING_KEY);
  return secret;
}
