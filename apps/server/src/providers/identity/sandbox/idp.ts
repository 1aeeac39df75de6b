// The sandbox identity providers' memory (ADR 029): a signing key per provider made at start, and the
// authorization codes the consent page hands out (single use, two minutes). One process only: the
// sandbox is a demo tool, and the codes live no longer than a browser takes to come back.
import { createHash, randomBytes } from 'node:crypto';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';
import type { SocialProvider } from '../types.ts';

const CODE_TTL_MS = 2 * 60 * 1000;
const ID_TOKEN_TTL_S = 10 * 60;

/** What a tester can make the sandbox answer, to see the store refuse a bad identity. */
export const SANDBOX_FAULTS = ['none', 'foreign-key', 'wrong-audience', 'expired', 'wrong-nonce'] as const;
export type SandboxFault = (typeof SANDBOX_FAULTS)[number];

export interface ConsentedIdentity {
  name: string;
  email: string;
  emailVerified: boolean;
  /** Apple's "Hide My Email": the store gets a private relay address instead. */
  hideEmail: boolean;
  fault: SandboxFault;
}

interface IssuedCode {
  clientId: string;
  redirectUri: string;
  codeChallenge: string;
  nonce: string | undefined;
  issuer: string;
  identity: ConsentedIdentity;
  expiresAt: number;
}

export interface SandboxIdp {
  provider: SocialProvider;
  clientId: string;
  clientSecret: string;
  jwks(): { keys: JWK[] };
  issueCode(code: Omit<IssuedCode, 'expiresAt'>): string;
  /** Uses up a code (whatever the outcome of the checks after it: a code is tried once). */
  takeCode(code: string): IssuedCode | null;
  idToken(issued: IssuedCode): Promise<string>;
}

const sha256 = (value: string) => createHash('sha256').update(value).digest();
export const s256 = (verifier: string) => sha256(verifier).toString('base64url');

/** A stable subject per provider and e-mail, so the same tester comes back as the same identity. */
export const sandboxSubject = (provider: SocialProvider, email: string) =>
  `${provider === 'apple' ? '001' : '1'}${sha256(`${provider}:${email.toLowerCase()}`).toString('hex').slice(0, 20)}`;

export async function createSandboxIdp(provider: SocialProvider): Promise<SandboxIdp> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  // A key nobody publishes: the "forged identity" fault signs with it under the real key's id.
  const foreign = await generateKeyPair('ES256');
  const kid = randomBytes(8).toString('hex');
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
  const codes = new Map<string, IssuedCode>();

  const sign = (claims: Record<string, unknown>, key: CryptoKey) =>
    new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' }).sign(key);

  return {
    provider,
    clientId: `lucky-dragon-${provider}-sandbox`,
    clientSecret: randomBytes(24).toString('base64url'),
    jwks: () => ({ keys: [publicJwk] }),
    issueCode(code) {
      const now = Date.now();
      for (const [key, value] of codes) if (value.expiresAt <= now) codes.delete(key);
      const value = randomBytes(32).toString('base64url');
      codes.set(sha256(value).toString('hex'), { ...code, expiresAt: now + CODE_TTL_MS });
      return value;
    },
    takeCode(code) {
      const key = sha256(code).toString('hex');
      const found = codes.get(key);
      codes.delete(key);
      return found && found.expiresAt > Date.now() ? found : null;
    },
    async idToken(issued) {
      const { identity } = issued;
      const now = Math.floor(Date.now() / 1000);
      const issuedAt = identity.fault === 'expired' ? now - 2 * ID_TOKEN_TTL_S : now;
      const sub = sandboxSubject(provider, identity.email);
      const email = provider === 'apple' && identity.hideEmail ? `${sub.slice(-10)}@privaterelay.appleid.com` : identity.email;
      const claims: Record<string, unknown> = {
        iss: issued.issuer,
        aud: identity.fault === 'wrong-audience' ? 'someone-elses-app' : issued.clientId,
        sub,
        iat: issuedAt,
        exp: issuedAt + ID_TOKEN_TTL_S,
        auth_time: issuedAt,
        nonce: identity.fault === 'wrong-nonce' ? randomBytes(16).toString('base64url') : issued.nonce,
        email,
      };
      if (provider === 'apple') {
        // Apple sends these two as the strings "true" / "false".
        claims.email_verified = String(identity.emailVerified || identity.hideEmail);
        claims.is_private_email = String(identity.hideEmail);
      } else {
        claims.email_verified = identity.emailVerified;
        claims.name = identity.name;
        claims.picture = `https://graph.facebook.example/${sub}/picture`;
      }
      return sign(claims, identity.fault === 'foreign-key' ? foreign.privateKey : privateKey);
    },
  };
}
