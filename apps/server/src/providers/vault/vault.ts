// The card vault: turns card data into opaque tokens and back. Only the vault's own endpoint
// tokenizes. Card data leaves the vault two ways only: to a real provider through the relay (relay.ts,
// ADR 010), which fills it into the provider's request itself, and to the built-in sandbox gateway,
// which plays the provider in-process. The API sees tokens only.
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNull, lt } from 'drizzle-orm';
import type { BackgroundWork } from '../../background/work.ts';
import type { Db } from '../../db/client.ts';
import { vaultCards } from '../../db/schema.ts';
import type { CardBrand, CheckedCard } from './card-rules.ts';
import { open, seal } from './crypto.ts';
import { createRelay, type RelayOptions, type RelayRequest, type RelayResponse } from './relay.ts';

export interface VaultCard extends CheckedCard {
  token: string;
}

/** Whether a card token may still be used: 'expired' when nothing used it within its lifetime (ADR 032). */
export type CardTokenState = 'usable' | 'expired' | 'unknown';

export interface Vault {
  /** Stores a card; its token works for VAULT_TOKEN_TTL_MINUTES unless something uses it (expiresAt, ISO). */
  storeCard(card: CheckedCard): Promise<{ token: string; brand: CardBrand; last4: string; expiresAt: string }>;
  /** A CVV is kept only in memory and only briefly (card rules forbid storing it). */
  storeCvv(cvv: string): string;
  /** ISO time a CVV token stops working; '' when unknown. */
  cvvExpiresAt(token: string): string;
  /**
   * The card behind a token, for a provider: the first read marks the token used, and a used token is
   * kept (a payment, a saved card or a provider's book refers to it). A token nothing used within its
   * lifetime reads as unknown (null), deleted or not yet.
   */
  detokenize(token: string): Promise<VaultCard | null>;
  /** Read-only: lets an API refuse an expired token with a clear answer before any provider is asked. */
  cardTokenState(token: string): Promise<CardTokenState>;
  /** Deletes tokens nothing used within their lifetime (the background job's work); answers how many. */
  deleteExpiredTokens(): Promise<number>;
  /** The vault's background work: the job that deletes expired unused tokens. */
  background(log: { info(obj: object, msg: string): void }): BackgroundWork;
  hasCvv(token: string): boolean;
  /** A keyed, stable fingerprint of a card number: the same card gives the same value, and it cannot be reversed to the number. */
  fingerprint(number: string): string;
  /**
   * Sends a provider's request with the card data its placeholders name filled in, and answers with
   * the provider's reply, card numbers masked (ADR 010). Throws VaultRelayError: a destination not
   * configured or not https, an unknown card or CVV token (nothing sent), a timeout.
   */
  relay(request: RelayRequest): Promise<RelayResponse>;
}

export interface VaultOptions {
  /** Where the relay may send card data, and its time limit; without it every relay is refused. */
  relay?: RelayOptions;
  /** The clock CVV and card tokens expire by (tests move it). */
  now?: () => number;
  /** How long an unused card token works (VAULT_TOKEN_TTL_MINUTES); default 15 minutes. */
  cardTokenTtlMs?: number;
}

export const CVV_TTL_MS = 15 * 60_000;
export const DEFAULT_CARD_TOKEN_TTL_MS = 15 * 60_000;
/** Rows one delete takes, and deletes one job run makes at most (the next run goes on). */
const DELETE_BATCH = 1000;
const MAX_BATCHES_PER_RUN = 20;
const newToken = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

export function createVault(db: Db, key: Buffer, options: VaultOptions = {}): Vault {
  const now = options.now ?? Date.now;
  const cardTokenTtlMs = options.cardTokenTtlMs ?? DEFAULT_CARD_TOKEN_TTL_MS;
  const cvvs = new Map<string, { cvv: string; expiresAt: number }>();
  const sweep = () => {
    const at = now();
    for (const [token, entry] of cvvs) if (entry.expiresAt < at) cvvs.delete(token);
  };
  const liveCvv = (token: string): string | null => {
    const entry = cvvs.get(token);
    return entry && entry.expiresAt >= now() ? entry.cvv : null;
  };

  const findCard = async (token: string) => (await db.select().from(vaultCards).where(eq(vaultCards.token, token)).limit(1))[0];
  const expired = (row: { usedAt: Date | null; expiresAt: Date | null }, at: Date) =>
    row.usedAt === null && row.expiresAt !== null && row.expiresAt <= at;

  async function detokenize(token: string): Promise<VaultCard | null> {
    let row = await findCard(token);
    if (!row) return null;
    if (row.usedAt === null) {
      const at = new Date(now());
      if (expired(row, at)) return null;
      // Marked used only while it is still live, in one statement: the delete job's statement re-checks
      // the row too, so a token is either used (and kept) or deleted, never used after being deleted.
      const [marked] = await db
        .update(vaultCards)
        .set({ usedAt: at })
        .where(and(eq(vaultCards.token, token), isNull(vaultCards.usedAt), gt(vaultCards.expiresAt, at)))
        .returning();
      // None: another request marked it first (fine), or it has just expired or gone.
      row = marked ?? (await findCard(token));
      if (!row || row.usedAt === null) return null;
    }
    const { number } = JSON.parse(open(key, row, token)) as { number: string };
    return { token, number, brand: row.brand as CardBrand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
  }

  const relay = createRelay({ card: detokenize, cvv: liveCvv }, options.relay ?? { destinations: [], timeoutMs: 30_000 });

  async function deleteExpiredTokens(): Promise<number> {
    let deleted = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const at = new Date(now());
      // Unused and past their time, oldest first, through the partial index (migration 0032); the
      // outer condition is checked again on each row, so one marked used meanwhile stays.
      const expiredNow = and(isNull(vaultCards.usedAt), lt(vaultCards.expiresAt, at));
      const oldest = db
        .select({ token: vaultCards.token })
        .from(vaultCards)
        .where(expiredNow)
        .orderBy(vaultCards.expiresAt)
        .limit(DELETE_BATCH);
      const gone = await db
        .delete(vaultCards)
        .where(and(inArray(vaultCards.token, oldest), expiredNow))
        .returning({ token: vaultCards.token });
      deleted += gone.length;
      if (gone.length < DELETE_BATCH) break;
    }
    return deleted;
  }

  return {
    async storeCard(card) {
      const token = newToken('card');
      const sealed = seal(key, JSON.stringify({ number: card.number }), token);
      const expiresAt = new Date(now() + cardTokenTtlMs);
      await db
        .insert(vaultCards)
        .values({ token, ...sealed, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear, expiresAt });
      return { token, brand: card.brand, last4: card.last4, expiresAt: expiresAt.toISOString() };
    },
    cvvExpiresAt(token) {
      const entry = cvvs.get(token);
      return entry ? new Date(entry.expiresAt).toISOString() : '';
    },
    async cardTokenState(token) {
      const [row] = await db
        .select({ usedAt: vaultCards.usedAt, expiresAt: vaultCards.expiresAt })
        .from(vaultCards)
        .where(eq(vaultCards.token, token))
        .limit(1);
      if (!row) return 'unknown';
      return expired(row, new Date(now())) ? 'expired' : 'usable';
    },
    deleteExpiredTokens,
    background(log) {
      return {
        jobs: [
          {
            name: 'vault.delete-expired-tokens',
            async run() {
              const deleted = await deleteExpiredTokens();
              if (deleted > 0) log.info({ deleted }, 'expired unused card tokens deleted');
            },
          },
        ],
      };
    },
    storeCvv(cvv) {
      sweep();
      const token = newToken('cvv');
      cvvs.set(token, { cvv, expiresAt: now() + CVV_TTL_MS });
      return token;
    },
    detokenize,
    fingerprint(number) {
      return createHmac('sha256', key).update(`fingerprint:${number}`).digest('hex');
    },
    hasCvv: (token) => liveCvv(token) !== null,
    relay,
  };
}
