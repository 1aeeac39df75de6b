// Sign in with Apple and Facebook (issue 12, ADR 029): the constants apart from the schemas, because the
// sign-in page's first load reads them and a module of schemas would bring zod with it (issue 26).

export const SOCIAL_PROVIDERS = ['apple', 'facebook'] as const;
export type SocialProviderName = (typeof SOCIAL_PROVIDERS)[number];
export const SOCIAL_PROVIDER_LABELS: Record<SocialProviderName, string> = { apple: 'Apple', facebook: 'Facebook' };

/** Why a social sign-in came back to /login (?social_error=…), and what the page says. */
export const SOCIAL_ERROR_MESSAGES = {
  unavailable: 'That sign-in option is not available right now. Please sign in with your e-mail.',
  cancelled: 'The sign-in was cancelled.',
  state: 'This sign-in response is not valid, was already used or has expired. Please try again.',
  identity: 'The identity provider’s answer could not be verified, so you were not signed in. Please try again.',
  conflict: 'Your account is already linked to a different identity at this provider.',
  failed: 'We could not sign you in. Please try again.',
} as const;
export type SocialErrorCode = keyof typeof SOCIAL_ERROR_MESSAGES;

/** Why linking Apple or Facebook from the profile came back to /profile (?link_error=…), and what the page says. */
export const SOCIAL_LINK_ERROR_MESSAGES: Record<SocialErrorCode, string> = {
  unavailable: 'That provider is not available right now. Nothing was linked.',
  cancelled: 'Linking was cancelled. Nothing was linked.',
  state: 'This answer from the provider is not valid, was already used or has expired. Please try again.',
  identity: 'The provider’s answer could not be verified, so nothing was linked. Please try again.',
  conflict: 'Your account is already linked to a different identity at this provider.',
  failed: 'We could not link it. Please try again.',
};
