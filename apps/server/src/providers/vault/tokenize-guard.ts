// Who may call POST /tokenize (ADR 032), decided at onRequest, before the body is read:
//   1. an Origin header, and an allowed one: the vault's own (its frames call it same-origin), the store's
//      origins, or exactly the origins a hosted-checkout frame session names;
//   2. a frame session (x-vault-session) the vault signed, not expired;
//   3. under the limits per address and per shopper (the session's subject), counted together in the
//      shared attempt counters (Redis when REDIS_URL is set).
// A refused request stores nothing: the handler that reads the card never runs.
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  VAULT_SESSION_EXPIRED,
  VAULT_SESSION_EXPIRED_MESSAGE,
  VAULT_SESSION_INVALID,
  VAULT_SESSION_INVALID_MESSAGE,
  VAULT_TOKENIZE_LIMITED,
} from '@store/shared';
import type { AttemptCounters } from '@store/server-kit';
import type { FrameSessionSubject } from '@store/server-kit';
import type { ErrorCode } from '@store/shared';
import { failureEnvelope } from '../../lib/errors.ts';
import { FRAME_SESSION_HEADER, type FrameSessionSigner } from './frame-session.ts';

export interface TokenizeLimits {
  windowMs: number;
  perAddress: number;
  /** For a shopper of the store and for a hosted-checkout session. */
  perShopper: number;
  /** For a merchant page that opened the fields without a checkout session (one count for all its visitors). */
  perMerchant: number;
}

export interface TokenizeGuardOptions {
  storeOrigins: string[];
  vaultOrigin: () => string;
  sessions: Pick<FrameSessionSigner, 'check'>;
  counters: AttemptCounters;
  limits: TokenizeLimits;
  /** Told of each refusal over a limit (the plugin logs it: address and subject, never a body). */
  onLimited?: (who: { ip: string; subject: FrameSessionSubject | null }) => void;
}

export const tokenizeLimitedMessage = (waitSeconds: number) => {
  const minutes = Math.max(1, Math.ceil(waitSeconds / 60));
  return `Too many card entries. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`;
};

const refuse = (reply: FastifyReply, status: number, code: ErrorCode, message: string, field: string) =>
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .send(failureEnvelope(code, message, field));

export function tokenizeGuard({ storeOrigins, vaultOrigin, sessions, counters, limits, onLimited }: TokenizeGuardOptions) {
  const perSubject = (subject: FrameSessionSubject) => (subject.kind === 'merchant' ? limits.perMerchant : limits.perShopper);

  return async function guardTokenize(request: FastifyRequest, reply: FastifyReply) {
    const origin = request.headers.origin;
    // Browsers send Origin with every POST, same-origin ones included; a request without it is not a frame's.
    if (!origin) return refuse(reply, 403, 'FORBIDDEN', 'Origin required', 'origin');
    const check = sessions.check(request.headers[FRAME_SESSION_HEADER]);
    const pages = check.ok && check.claims.origins ? check.claims.origins : storeOrigins;
    const own = origin === vaultOrigin();
    if (!own && !pages.includes(origin)) return refuse(reply, 403, 'FORBIDDEN', 'Origin not allowed', 'origin');
    // A page calling cross-origin may read the answer (its refusals included).
    if (!own) reply.header('access-control-allow-origin', origin).header('vary', 'Origin');

    // Refused sessions count against the address too: forging nonces is no way around the limit.
    const subject = check.ok ? check.claims.subject : null;
    const keys = [`vault:tokenize:address:${request.ip}`, ...(subject ? [`vault:tokenize:${subject.kind}:${subject.id}`] : [])];
    const maxima = [limits.perAddress, ...(subject ? [perSubject(subject)] : [])];
    const counts = await counters.add(keys, 1, limits.windowMs);
    const over = counts.filter((count, i) => count.count > maxima[i]!);
    if (over.length > 0) {
      const waitSeconds = Math.max(1, Math.ceil(Math.max(...over.map((count) => count.resetInMs)) / 1000));
      onLimited?.({ ip: request.ip, subject });
      reply.header('retry-after', String(waitSeconds));
      return refuse(reply, 429, VAULT_TOKENIZE_LIMITED, tokenizeLimitedMessage(waitSeconds), 'session');
    }

    if (!check.ok) {
      return check.reason === 'expired'
        ? refuse(reply, 403, VAULT_SESSION_EXPIRED, VAULT_SESSION_EXPIRED_MESSAGE, 'session')
        : refuse(reply, 403, VAULT_SESSION_INVALID, VAULT_SESSION_INVALID_MESSAGE, 'session');
    }
  };
}
