// Social sign-in (ADR 029): authorization code + PKCE (S256) + state + nonce through openid-client, the
// account the identity belongs to, the one-time hand-over to the web page, and unlinking.
import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import * as oidc from 'openid-client';
import type { SocialErrorCode, SocialUserState, SignInMethodsResponse } from '@store/shared';
import type { Db, Tx } from '../../../db/client.ts';
import { notFound } from '@store/server-kit';
import { AppError } from '../../../lib/errors.ts';
import { hashToken, newSecretToken } from '../../../lib/ids.ts';
import { safeError } from '../../../lib/log-safety.ts';
import type { IdentityProviders } from '../../../providers/identity/types.ts';
import * as authRepo from '../repository.ts';
import { startSession, type LoginResult } from '../service.ts';
import type { Config } from '../../../config.ts';
import { identityFrom, type ProviderIdentity } from './identity.ts';
import * as repo from './repository.ts';

export interface SocialDeps {
  db: Db;
  config: Pick<Config, 'SESSION_TTL_HOURS' | 'PUBLIC_URL'>;
  providers: IdentityProviders;
  log: FastifyBaseLogger;
}

const STATE_TTL_MS = 10 * 60 * 1000;
const HANDOFF_TTL_MS = 2 * 60 * 1000;

/**
 * A sign-in that ends back at /login with ?social_error=<code>, never a session; or a link from the profile
 * (forLink) that ends back at /profile with ?link_error=<code>, nothing linked.
 */
export class SocialSignInError extends Error {
  constructor(
    readonly code: SocialErrorCode,
    reason: string,
    readonly forLink = false,
  ) {
    super(reason);
  }
}

/** base64url(sha256(value)): how PKCE and the browser binding compare a secret with its hash. */
export const s256 = (value: string) => createHash('sha256').update(value).digest('base64url');

function providerOf(deps: SocialDeps, provider: repo.Provider) {
  const idp = deps.providers.get(provider);
  if (!idp) throw new SocialSignInError('unavailable', `${provider} has no credentials and demo mode is off`);
  return idp;
}

/**
 * GET v1/auth/{provider}/start: a state row, then the provider's authorize URL. With linkUserId (POST
 * v1/auth/providers/{provider}/link, signed in), the identity the provider vouches for is to be linked to
 * that user rather than signed in.
 */
export async function startSignIn(
  deps: SocialDeps,
  provider: repo.Provider,
  origin: string,
  bindingHash: string,
  linkUserId?: string,
): Promise<URL> {
  const idp = providerOf(deps, provider);
  const configuration = await idp.configuration(origin);
  const state = oidc.randomState();
  const nonce = oidc.randomNonce();
  const codeVerifier = oidc.randomPKCECodeVerifier();
  const redirectUri = idp.redirectUri(origin);
  await repo.deleteStaleSignInStates(deps.db);
  await repo.insertSignInState(deps.db, {
    stateHash: hashToken(state),
    provider,
    state,
    nonce,
    codeVerifier,
    redirectUri,
    bindingHash,
    linkUserId,
    ttlMs: STATE_TTL_MS,
  });
  const params: Record<string, string> = {
    redirect_uri: redirectUri,
    scope: idp.scope,
    state,
    nonce,
    code_challenge: await oidc.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    response_type: 'code',
  };
  if (idp.responseMode === 'form_post') params.response_mode = 'form_post';
  return oidc.buildAuthorizationUrl(configuration, params);
}

/** The provider's answer at the callback (query or form_post body). */
export interface CallbackParams {
  code?: string;
  state?: string;
  error?: string;
  user?: string;
  iss?: string;
}

/** What the callback hands the web page: a sign-in's code (for a session), or a link's (for the profile). */
export type CallbackOutcome = { kind: 'sign-in'; code: string } | { kind: 'link'; code: string };

/**
 * GET/POST v1/auth/{provider}/callback: uses up the state, lets the library exchange the code (PKCE
 * verifier) and verify the ID token (JWKS signature, iss, aud, exp, nonce), then either finds or makes the
 * account (a sign-in) or keeps the identity for the user who started a link, and answers a one-time code for
 * the web page. Any failure: SocialSignInError, no session and nothing linked.
 */
export async function finishSignIn(deps: SocialDeps, provider: repo.Provider, params: CallbackParams): Promise<CallbackOutcome> {
  const idp = providerOf(deps, provider);
  if (!params.state) throw new SocialSignInError('state', 'callback without state');
  const started = await repo.consumeSignInState(deps.db, hashToken(params.state), provider);
  if (!started) throw new SocialSignInError('state', 'unknown, used or expired state');
  const forLink = started.linkUserId !== null;
  if (params.error) throw new SocialSignInError('cancelled', `provider answered ${params.error.slice(0, 50)}`, forLink);
  const configuration = await idp.configuration(new URL(started.redirectUri).origin);
  const callbackUrl = new URL(started.redirectUri);
  for (const name of ['code', 'state', 'iss'] as const) {
    const value = params[name];
    if (value !== undefined) callbackUrl.searchParams.set(name, value);
  }
  let identity: ProviderIdentity;
  try {
    const tokens = await oidc.authorizationCodeGrant(configuration, callbackUrl, {
      pkceCodeVerifier: started.codeVerifier,
      expectedState: started.state,
      expectedNonce: started.nonce,
      idTokenExpected: true,
    });
    const claims = tokens.claims();
    if (!claims) throw new Error('no ID token');
    identity = identityFrom(provider, claims, params.user);
  } catch (err) {
    // safeError: never the tokens or codes themselves in the log.
    deps.log.warn({ err: safeError(err), provider }, 'social sign-in refused: the identity could not be verified');
    throw new SocialSignInError('identity', 'identity not verified', forLink);
  }
  const code = newSecretToken();
  if (started.linkUserId) {
    // Linked only when the user's own browser finishes it (finishLink): a link started by someone else and
    // completed by a victim's consent must not attach the victim's identity to the starter's account.
    await repo.insertHandoff(deps.db, {
      codeHash: hashToken(code),
      userId: started.linkUserId,
      provider,
      bindingHash: started.bindingHash,
      linkIdentity: identity,
      ttlMs: HANDOFF_TTL_MS,
    });
    return { kind: 'link', code };
  }
  const userId = await deps.db.transaction((tx) => accountFor(tx, provider, identity));
  await repo.insertHandoff(deps.db, {
    codeHash: hashToken(code),
    userId,
    provider,
    bindingHash: started.bindingHash,
    ttlMs: HANDOFF_TTL_MS,
  });
  return { kind: 'sign-in', code };
}

export const LINK_INVALID_MESSAGE = 'This link has expired or was already used. Please link it again from your profile.';
const providerName = (provider: repo.Provider) => (provider === 'apple' ? 'Apple' : 'Facebook');

/**
 * POST v1/auth/providers/{provider}/link/finish (signed in): the profile page's one-time code, from the browser
 * that started the link and for the user signed in there, links the identity the provider vouched for.
 * An identity that signs in to another account stays there (409 IDENTITY_IN_USE); a user linked to another
 * identity at the provider unlinks that first (409 ALREADY_LINKED).
 */
export async function finishLink(
  db: Db,
  userId: string,
  provider: repo.Provider,
  code: string,
  verifier: string,
): Promise<SignInMethodsResponse['data']> {
  return db.transaction(async (tx) => {
    const handoff = await repo.consumeLinkHandoff(tx, hashToken(code), s256(verifier), userId);
    if (!handoff || handoff.provider !== provider) throw new AppError(400, 'SOCIAL_LINK_INVALID', LINK_INVALID_MESSAGE, 'code');
    const { subject, ...details } = handoff.identity;
    await repo.lockUser(tx, userId);
    const linked = await repo.findIdentity(tx, provider, subject);
    if (linked && linked.userId !== userId)
      throw new AppError(
        409,
        'IDENTITY_IN_USE',
        `This ${providerName(provider)} account already signs in to another account here. Sign in with it there and unlink it first.`,
      );
    if (linked) await repo.refreshIdentity(tx, linked.id, details);
    else if (!(await repo.insertIdentity(tx, { userId, provider, subject, ...details })))
      throw new AppError(
        409,
        'ALREADY_LINKED',
        `Your account is already linked to another ${providerName(provider)} account. Unlink it first to link this one.`,
      );
    return signInMethods(tx, userId);
  });
}

/** An address nobody can receive mail at, for a new account whose e-mail the provider did not vouch for. */
const placeholderEmail = (provider: repo.Provider, subject: string) =>
  `${provider}-${createHash('sha256').update(subject).digest('hex').slice(0, 20)}@users.luckydragon.invalid`;

function splitName(name: string | null, provider: repo.Provider): { firstname: string; lastname: string } {
  const [first, ...rest] = (name ?? '').split(/\s+/).filter(Boolean);
  return {
    firstname: (first ?? 'Player').slice(0, 50),
    lastname: (rest.join(' ') || (provider === 'apple' ? 'Apple' : 'Facebook')).slice(0, 50),
  };
}

/**
 * The account an identity signs in to: its linked user; else the user with that e-mail, only when the
 * provider says the e-mail is verified; else a new user. Never someone else's account on an unverified word.
 */
async function accountFor(tx: Tx, provider: repo.Provider, identity: ProviderIdentity): Promise<string> {
  const details: repo.IdentityDetails = {
    email: identity.email,
    emailVerified: identity.emailVerified,
    isPrivateEmail: identity.isPrivateEmail,
    name: identity.name,
    picture: identity.picture,
  };
  const linked = await repo.findIdentity(tx, provider, identity.subject);
  if (linked) {
    await repo.refreshIdentity(tx, linked.id, details);
    return linked.userId;
  }
  if (identity.email && identity.emailVerified) {
    const existing = await authRepo.findUserByEmail(tx, identity.email);
    if (existing) {
      if (!(await repo.insertIdentity(tx, { userId: existing.id, provider, subject: identity.subject, ...details }))) {
        throw new SocialSignInError('conflict', 'the account has another identity at this provider');
      }
      if (!existing.emailVerifiedAt) {
        await repo.claimUnconfirmedAccount(tx, existing.id);
        await authRepo.retireEmailTokens(tx, existing.id, 'verify-email');
      }
      return existing.id;
    }
  }
  const email = identity.email && identity.emailVerified ? identity.email : placeholderEmail(provider, identity.subject);
  const created = await repo.insertSocialUser(tx, {
    email,
    emailVerified: email === identity.email,
    ...splitName(identity.name, provider),
  });
  // Taken in the meantime by a concurrent sign-up: the sign-in is simply tried again by the shopper.
  if (!created) throw new SocialSignInError('failed', 'the e-mail was taken while signing in');
  await repo.insertIdentity(tx, { userId: created.id, provider, subject: identity.subject, ...details });
  return created.id;
}

export const EXCHANGE_INVALID_MESSAGE = 'This sign-in has expired or was already used. Please sign in again.';

/** POST v1/auth/social/exchange: the landing page's one-time code, from the browser that started, becomes a session. */
export async function exchangeHandoff(deps: SocialDeps, code: string, verifier: string, ip: string): Promise<LoginResult> {
  const handoff = await repo.consumeHandoff(deps.db, hashToken(code), s256(verifier));
  if (!handoff) throw new AppError(400, 'SOCIAL_SIGN_IN_INVALID', EXCHANGE_INVALID_MESSAGE, 'code');
  const user = await repo.findUserById(deps.db, handoff.userId);
  if (!user) throw new AppError(400, 'SOCIAL_SIGN_IN_INVALID', EXCHANGE_INVALID_MESSAGE, 'code');
  return startSession(deps, user, ip, handoff.provider);
}

export async function signInMethods(db: Db | Tx, userId: string): Promise<SignInMethodsResponse['data']> {
  const [identities, password] = await Promise.all([repo.listIdentities(db, userId), repo.hasPassword(db, userId)]);
  return {
    hasPassword: password,
    providers: identities.map((i) => ({ provider: i.provider, email: i.email, name: i.name, linkedAt: i.createdAt.toISOString() })),
  };
}

export const LAST_METHOD_MESSAGE =
  'This is your only way to sign in. Set a password (Forgot password on the sign-in page) or link the other provider before unlinking it.';

/** DELETE v1/auth/providers/{provider}: only while a password or the other provider remains. */
export async function unlinkProvider(db: Db, userId: string, provider: repo.Provider): Promise<SignInMethodsResponse['data']> {
  return db.transaction(async (tx) => {
    const user = await repo.lockUser(tx, userId);
    if (!user) throw notFound('There is no such account.');
    const others = await repo.countOtherIdentities(tx, userId, provider);
    const linked = (await repo.listIdentities(tx, userId)).some((i) => i.provider === provider);
    if (!linked) throw notFound(`Your account is not linked to ${provider === 'apple' ? 'Apple' : 'Facebook'}.`);
    if (!user.hasPassword && others === 0) throw new AppError(409, 'LAST_SIGN_IN_METHOD', LAST_METHOD_MESSAGE);
    await repo.deleteIdentity(tx, userId, provider);
    return signInMethods(tx, userId);
  });
}

/** SPEC §3 fbData, appleData and provider (how the session signed in, as the session lookup found it), for GET v1/getuser. */
export async function socialStateOf(db: Db, userId: string, provider: 'apple' | 'facebook' | null): Promise<SocialUserState> {
  const identities = await repo.listIdentities(db, userId);
  const facebook = identities.find((i) => i.provider === 'facebook');
  const apple = identities.find((i) => i.provider === 'apple');
  return {
    fbData: facebook ? { id: facebook.subject, name: facebook.name, email: facebook.email, picture: facebook.picture } : null,
    appleData: apple ? { sub: apple.subject, email: apple.email, isPrivateEmail: apple.isPrivateEmail } : null,
    provider: provider ?? '',
  };
}
