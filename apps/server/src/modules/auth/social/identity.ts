// What an ID token says about a person, read the same way for both providers (ADR 029).
import type { IDToken } from 'openid-client';
import type { SocialLinkIdentity } from '../../../db/schema.ts';
import type { Provider } from './repository.ts';

/** The person an ID token names; a link from the profile keeps it as it is until the browser finishes. */
export type ProviderIdentity = SocialLinkIdentity;

/** Apple sends booleans as the strings "true" / "false"; others send booleans. */
const truthy = (value: unknown) => value === true || value === 'true';
const text = (value: unknown, max = 200) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : null);

/** Apple's one-time "user" form field (first sign-in only): {"name":{"firstName":…,"lastName":…}}. */
function appleName(userField: string | undefined): string | null {
  if (!userField) return null;
  try {
    const parsed = JSON.parse(userField) as { name?: { firstName?: unknown; lastName?: unknown } };
    return text([text(parsed.name?.firstName), text(parsed.name?.lastName)].filter(Boolean).join(' '));
  } catch {
    return null;
  }
}

export function identityFrom(provider: Provider, claims: IDToken, appleUserField?: string): ProviderIdentity {
  const email = text(claims.email)?.toLowerCase() ?? null;
  return {
    subject: claims.sub,
    email,
    // Facebook's ID token carries no email_verified: its e-mail is never treated as verified (ADR 029).
    emailVerified: email !== null && truthy(claims.email_verified),
    isPrivateEmail: provider === 'apple' && truthy(claims.is_private_email),
    name: provider === 'apple' ? appleName(appleUserField) : text(claims.name),
    picture: provider === 'facebook' ? text(claims.picture, 2000) : null,
  };
}
