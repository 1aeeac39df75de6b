// What the auth module needs from an identity provider (ADR 029): an openid-client Configuration for the
// provider as seen from the browser's origin, and where the provider sends the browser back.
import type { Configuration } from 'openid-client';

export const SOCIAL_PROVIDERS = ['apple', 'facebook'] as const;
export type SocialProvider = (typeof SOCIAL_PROVIDERS)[number];

export interface IdentityProvider {
  provider: SocialProvider;
  /** True for the built-in sandbox (no credentials configured). */
  sandbox: boolean;
  /** Scope asked for at the authorize endpoint. */
  scope: string;
  /** Apple posts its answer back (form_post) when name or e-mail is asked for; Facebook answers in the query. */
  responseMode: 'query' | 'form_post';
  /** The library's view of the provider for a browser on `origin` (the sandbox's issuer lives on that origin). */
  configuration(origin: string): Promise<Configuration>;
  /** The callback registered at the provider, on `origin`. */
  redirectUri(origin: string): string;
}

export interface IdentityProviders {
  /** The provider, or null when it has no credentials and demo mode (its sandbox) is off. */
  get(provider: SocialProvider): IdentityProvider | null;
  /** The origin the browser uses the store at: PUBLIC_URL's when set, else the request's loopback origin. */
  browserOrigin(host: string | undefined): string;
}

export const callbackPath = (provider: SocialProvider) => `/api/v1/auth/${provider}/callback`;
