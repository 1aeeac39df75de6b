import { z } from 'zod';
import { getUserResponse } from './user.ts';
import { SOCIAL_PROVIDERS } from '../social-constants.ts';

// Sign in with Apple and Facebook (issue 12, ADR 029).

export const socialProvider = z.enum(SOCIAL_PROVIDERS);

/** SPEC §3 fbData: what Facebook said about the shopper at the last sign-in. */
export const fbData = z.object({
  id: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  picture: z.string().nullable(),
});
export type FbData = z.infer<typeof fbData>;

/** SPEC §3 appleData: Apple's subject and e-mail (a private relay address when the shopper hid theirs). */
export const appleData = z.object({ sub: z.string(), email: z.string().nullable(), isPrivateEmail: z.boolean() });
export type AppleData = z.infer<typeof appleData>;

/** The SPEC §3 User state beside data and jumio: provider is how this session signed in ('' for a password). */
export const socialUserState = z.object({
  fbData: fbData.nullable(),
  appleData: appleData.nullable(),
  provider: z.enum(['', ...SOCIAL_PROVIDERS]),
});
export type SocialUserState = z.infer<typeof socialUserState>;

/** GET v1/getuser: the profile answer plus the §3 social state. */
export const getUserWithSocialResponse = getUserResponse.extend(socialUserState.shape);
export type GetUserWithSocialResponse = z.infer<typeof getUserWithSocialResponse>;

/** GET/DELETE v1/auth/providers: the shopper's ways to sign in. */
export const signInMethodsResponse = z.object({
  success: z.literal(true),
  data: z.object({
    hasPassword: z.boolean(),
    providers: z.array(
      z.object({ provider: socialProvider, email: z.string().nullable(), name: z.string().nullable(), linkedAt: z.string() }),
    ),
  }),
});
export type SignInMethodsResponse = z.infer<typeof signInMethodsResponse>;

/** The web's proof that it is the browser that started the sign-in: sha256 of a secret it keeps, base64url. */
const base64url43 = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Must be 43 base64url characters.');

export const socialStartQuery = z.strictObject({ binding: base64url43 });

/** POST v1/auth/social/exchange: the one-time code from the landing page and the binding's secret. */
export const socialExchangeBody = z.strictObject({
  code: z.string().min(16).max(128),
  verifier: z.string().min(43).max(128),
});
export type SocialExchangeBody = z.infer<typeof socialExchangeBody>;

/** POST v1/auth/providers/{provider}/link: the browser binding, as for a sign-in's start. */
export const socialLinkBody = z.strictObject({ binding: base64url43 });
/** Where the browser goes to ask the provider (its authorize page, state and PKCE kept by the server). */
export const socialLinkResponse = z.object({ success: z.literal(true), data: z.object({ url: z.string() }) });
