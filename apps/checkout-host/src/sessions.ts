// Merchants and sessions: registering a merchant, creating (or re-keying) a session, opening it by its key, the
// money parameters its page's link adds (parameters.ts), and deciding it paid (or, authOnly, authorised) or
// declined together with the merchant's webhook event (outbox).
import type { ChainName } from './chains/index.ts';
import { AppError, conflict } from '@store/server-kit';
import type { CheckoutHostContext } from './context.ts';
import type { Decide, PaymentMethodName } from './decision.ts';
import { canonicalJson, parameterColumns, SESSION_PARAMETER_NAMES, type SessionParameters } from './parameters.ts';
import * as repo from './repository.ts';
import { checkSettlement } from './settlement.ts';
import { hashSessionKey, merchantCredentials, newSessionKey, type MerchantCredentials } from './secret.ts';
import { effectiveStatus, successInfo } from './session-views.ts';

/** A session is payable for this long after it was created or its key rotated. */
export const SESSION_TTL_MS = 30 * 60_000;

/** The merchant webhook event of a card authorised without capture (an authOnly session); payment.approved follows the capture. */
export const AUTHORIZED_EVENT = 'payment.authorized';

export interface MerchantSpec {
  id: string;
  name: string;
  allowedOrigins: string[];
  webhookUrl: string;
  nSurePartnerId?: string;
  /** Real settlement addresses per chain; in the sandbox they are made on first use. */
  settlementAddresses?: Partial<Record<ChainName, string>>;
}

export interface CreateSessionInput {
  reference: string;
  amountCents: number;
  currency: 'USD';
  customer: { id: string; email: string };
  allowedPaymentMethods?: PaymentMethodName[];
  metadata?: Record<string, string>;
}

/** A session's creation: its money parameters too (parameters.ts). */
export type CreateSessionRequest = CreateSessionInput & SessionParameters;

/** The sessions part; `decide` is made here and shared with the payment parts through the context. */
export function createSessions(ctx: Omit<CheckoutHostContext, 'decide' | 'fraud'>) {
  const { db, secret, onEvent } = ctx;

  async function ensureMerchant(spec: MerchantSpec): Promise<MerchantCredentials> {
    await repo.upsertMerchant(db, {
      id: spec.id,
      name: spec.name,
      allowedOrigins: [...new Set(spec.allowedOrigins)],
      webhookUrl: spec.webhookUrl,
      // Our device-id stand-in (device-id/) needs a partner id: without one the merchant's id serves.
      nsurePartnerId: spec.nSurePartnerId ?? spec.id,
      settlementAddresses: spec.settlementAddresses,
    });
    return merchantCredentials(secret, spec.id);
  }

  /** Creates the session of a reference, or gives an open one a new key (the old one stops working). */
  async function createSession(merchantId: string, input: CreateSessionRequest) {
    await checkSettlement(ctx.chains, input);
    const given = parameterColumns(input);
    const key = newSessionKey();
    const expiresAt = new Date(Date.now() + SESSION_TTL_MS);
    const allowed = input.allowedPaymentMethods?.length
      ? [...new Set(input.allowedPaymentMethods)]
      : (['card', 'usdc'] as PaymentMethodName[]);
    for (let tries = 0; tries < 3; tries++) {
      const existing = await repo.findSessionByReference(db, merchantId, input.reference);
      if (!existing) {
        const inserted = await repo.insertSession(db, {
          id: repo.newId('cs'),
          merchantId,
          reference: input.reference,
          sessionKeyHash: hashSessionKey(key),
          amountCents: input.amountCents,
          currency: 'USD',
          customerId: input.customer.id,
          customerEmail: input.customer.email,
          allowedMethods: allowed,
          metadata: input.metadata ?? {},
          expiresAt,
          ...given,
        });
        if (inserted) return { sessionId: inserted.id, sessionKey: key, expiresAt: expiresAt.toISOString() };
        continue; // a racing create won: rotate its key instead
      }
      if (existing.status === 'paid' || existing.status === 'refunded') throw conflict('This reference is already paid.', 'reference');
      if (existing.status === 'processing') throw conflict('A payment of this session is in progress.', 'reference');
      if (existing.status === 'declined') throw conflict('This reference was declined; use a new reference.', 'reference');
      if (existing.amountCents !== input.amountCents) throw conflict('This reference has a session of another amount.', 'amountCents');
      // Open (or expired unpaid): a new key, and the session is payable for another SESSION_TTL_MS.
      const rotated = await repo.moveSession(db, existing.id, ['open', 'expired'], {
        status: 'open',
        sessionKeyHash: hashSessionKey(key),
        expiresAt,
        allowedMethods: allowed,
        customerEmail: input.customer.email,
        // The merchant says again what it says: what it gives now stands.
        ...given,
      });
      if (rotated) return { sessionId: rotated.id, sessionKey: key, expiresAt: expiresAt.toISOString() };
    }
    throw conflict('The session is being changed; try again.', 'reference');
  }

  /** The session a page's key opens: refused when unknown (a rotated or tampered key) or expired. */
  async function sessionOfKey(key: string): Promise<repo.SessionRow> {
    const session = key ? await repo.findSessionByKeyHash(db, hashSessionKey(key)) : undefined;
    if (!session)
      throw new AppError(401, 'SESSION_KEY_INVALID', 'This checkout link is not valid any more. Start the payment again.', 'sessionKey');
    if (effectiveStatus(session) === 'expired')
      throw new AppError(410, 'SESSION_EXPIRED', 'This checkout session has expired. Start the payment again.', 'sessionKey');
    return session;
  }

  /**
   * The parameters of the page's link (SPEC §2) the merchant left unsaid, while the session is open. A value the
   * session has already (from the merchant, or the link before) may be given again, never changed: another
   * value is refused (409 naming the parameter), as is a value the host cannot settle in (400, settlement.ts).
   */
  async function setParameters(session: repo.SessionRow, parameters: SessionParameters): Promise<repo.SessionRow> {
    if (session.status !== 'open') throw conflict('This session is not open for payment.', 'sessionKey');
    for (const name of SESSION_PARAMETER_NAMES) {
      const given = parameters[name];
      const current = session[name];
      if (given === undefined || current === null) continue;
      if (canonicalJson(given) !== canonicalJson(current))
        throw conflict(`This session has another ${name}: the merchant or an earlier link set it, and it cannot be changed.`, name);
    }
    await checkSettlement(ctx.chains, parameters);
    const moved = await repo.moveSession(db, session.id, ['open'], parameterColumns(parameters));
    if (!moved) throw conflict('This session is not open for payment.', 'sessionKey');
    return moved;
  }

  const decide: Decide = async (session, result, from = ['processing', 'open']) => {
    const moved = await db.transaction(async (tx) => {
      if ('paid' in result) {
        const { method, chain, txId, cardTransactionId } = result.paid;
        // An authOnly session's card is only authorised: the merchant's capture (capture.ts) makes it paid.
        const authorised = method === 'card' && !!session.authOnly;
        const row = await repo.moveSession(tx, session.id, from, {
          status: authorised ? 'authorized' : 'paid',
          method,
          chain: chain ?? null,
          txId: txId ?? null,
          cardTransactionId: cardTransactionId ?? null,
          ...(authorised ? { authorizedAt: new Date() } : { paidAt: new Date() }),
        });
        if (row) await repo.insertOutbox(tx, row, authorised ? AUTHORIZED_EVENT : 'payment.approved', successInfo(row));
        return row;
      }
      const row = await repo.moveSession(tx, session.id, from, {
        status: 'declined',
        declineCode: result.declined.code,
        declineReason: result.declined.reason,
        ...(result.declined.method && !session.method ? { method: result.declined.method } : {}),
      });
      if (row)
        await repo.insertOutbox(tx, row, 'payment.declined', {
          sessionId: row.id,
          reference: row.reference,
          amountCents: row.amountCents,
          currency: row.currency,
          method: row.method ?? 'card',
          code: result.declined.code,
          reason: result.declined.reason,
        });
      return row;
    });
    if (moved) onEvent();
    return moved;
  };

  return {
    ensureMerchant,
    createSession,
    sessionOfKey,
    setParameters,
    decide,
    findMerchant: (id: string) => repo.findMerchant(db, id),
    sessionByReference: (merchantId: string, reference: string) => repo.findSessionByReference(db, merchantId, reference),
  };
}
