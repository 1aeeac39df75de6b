// The card vault: turns card data into opaque tokens and back. Only the vault's own endpoint
// tokenizes. Card data leaves the vault two ways only: to a real provider through the relay (relay.ts,
// ADR 010), which fills it into the provider's request itself, and to the built-in sandbox gateway,
// which plays the provider in-process. The API sees tokens only.
// A new card's CVV is kept with its card, sealed, only until the relay sends it: the first relay use
// takes it (reads and clears it in one transaction), and the delete job clears whatever is left once the
// token's time is up (ADR 038).
import { createHmac, randomBytes } from 'node:crypto';
import { and, eq, gt, inArray, isNotNull, isNull, lt, lte } from 'drizzle-orm';
import type { BackgroundWork } from '../../background/work.ts';
import type { Db } from '../../db/client.ts';
import { vaultCards } from '../../db/schema.ts';
import type { CardBrand, CheckedCard } from './card-rules.ts';
import { open, seal, type Sealed } from './crypto.ts';
import type { CardTokenState } from '@store/server-kit';
import { createRelay, type RelayOptions, type RelayRequest, type RelayResponse } from './relay.ts';

export interface VaultCard extends CheckedCard {
  token: string;
}

export interface Vault {
  /**
   * Stores a card; its token works for VAULT_TOKEN_TTL_MINUTES unless something uses it (expiresAt, ISO).
   * `cvv`, a new card's CVV from the card frame, is sealed with it until the relay takes it (ADR 038).
   */
  storeCard(card: CheckedCard, cvv?: string): Promise<{ token: string; brand: CardBrand; last4: string; expiresAt: string }>;
  /**
   * A card token's CVV, for a provider, once: reading it clears it (one transaction, the row locked), so a
   * second call answers null; null too once the token's expiresAt has passed, or when none was given.
   * Only the relay (and the sandbox, which plays the provider) takes it.
   */
  takeCardCvv(token: string): Promise<string | null>;
  /** Clears the CVVs of tokens past their expiresAt, used or not (the background job's work); answers how many. */
  clearExpiredCvvs(): Promise<number>;
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

  // The CVV is sealed under the card's token and its own label: it opens only as that token's CVV.
  const cvvAad = (token: string) => `${token}:cvv`;
  const packCvv = (sealed: Sealed) => `${sealed.iv}.${sealed.authTag}.${sealed.ciphertext}`;
  const unpackCvv = (packed: string): Sealed => {
    const [iv = '', authTag = '', ciphertext = ''] = packed.split('.');
    return { iv, authTag, ciphertext };
  };

  async function takeCardCvv(token: string): Promise<string | null> {
    const packed = await db.transaction(async (tx) => {
      const at = new Date(now());
      // Locked, so two relays of the same token cannot both read it: the second waits and finds none.
      const [row] = await tx
        .select({ cvv: vaultCards.cvv })
        .from(vaultCards)
        .where(and(eq(vaultCards.token, token), isNotNull(vaultCards.cvv), gt(vaultCards.expiresAt, at)))
        .for('update');
      if (!row?.cvv) return null;
      await tx.update(vaultCards).set({ cvv: null }).where(eq(vaultCards.token, token));
      return row.cvv;
    });
    return packed === null ? null : open(key, unpackCvv(packed), cvvAad(token));
  }

  async function clearExpiredCvvs(): Promise<number> {
    let cleared = 0;
    for (let batch = 0; batch < MAX_BATCHES_PER_RUN; batch++) {
      const expiredCvv = and(isNotNull(vaultCards.cvv), lte(vaultCards.expiresAt, new Date(now())));
      const oldest = db.select({ token: vaultCards.token }).from(vaultCards).where(expiredCvv).limit(DELETE_BATCH);
      const done = await db
        .update(vaultCards)
        .set({ cvv: null })
        .where(and(inArray(vaultCards.token, oldest), expiredCvv))
        .returning({ token: vaultCards.token });
      cleared += done.length;
      if (done.length < DELETE_BATCH) break;
    }
    return cleared;
  }

  const relay = createRelay(
    { card: detokenize, cvv: liveCvv, cardCvv: takeCardCvv },
    options.relay ?? { destinations: [], timeoutMs: 30_000 },
  );

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
    async storeCard(card, cvv) {
      const token = newToken('card');
      const sealed = seal(key, JSON.stringify({ number: card.number }), token);
      const expiresAt = new Date(now() + cardTokenTtlMs);
      await db.insert(vaultCards).values({
        token,
        ...sealed,
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        expiresAt,
        cvv: cvv === undefined ? null : packCvv(seal(key, cvv, cvvAad(token))),
      });
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
    takeCardCvv,
    clearExpiredCvvs,
    background(log) {
      return {
        jobs: [
          {
            name: 'vault.delete-expired-tokens',
            async run() {
              const deleted = await deleteExpiredTokens();
              if (deleted > 0) log.info({ deleted }, 'expired unused card tokens deleted');
              // A used token is kept, its CVV is not: none outlives the token's time (ADR 038).
              const cvvsCleared = await clearExpiredCvvs();
              if (cvvsCleared > 0) log.info({ cvvsCleared }, 'CVVs of expired card tokens cleared');
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
