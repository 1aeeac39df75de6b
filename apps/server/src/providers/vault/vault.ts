// The card vault: turns card data into opaque tokens and back. Only the vault's own endpoint
// tokenizes; only the sandbox gateway (in-process) detokenizes. The API sees tokens only.
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vaultCards } from '../../db/schema.ts';
import type { CardBrand, CheckedCard } from './card-rules.ts';
import { open, seal } from './crypto.ts';

export interface VaultCard extends CheckedCard {
  token: string;
}

export interface Vault {
  storeCard(card: CheckedCard): Promise<{ token: string; brand: CardBrand; last4: string }>;
  /** A CVV is kept only in memory and only briefly (card rules forbid storing it). */
  storeCvv(cvv: string): string;
  detokenize(token: string): Promise<VaultCard | null>;
  hasCvv(token: string): boolean;
  /** A keyed, stable fingerprint of a card number: the same card gives the same value, and it cannot be reversed to the number. */
  fingerprint(number: string): string;
}

const CVV_TTL_MS = 15 * 60_000;
const newToken = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

export function createVault(db: Db, key: Buffer): Vault {
  const cvvs = new Map<string, { cvv: string; expiresAt: number }>();
  const sweep = () => {
    const now = Date.now();
    for (const [token, entry] of cvvs) if (entry.expiresAt < now) cvvs.delete(token);
  };

  return {
    async storeCard(card) {
      const token = newToken('card');
      const sealed = seal(key, JSON.stringify({ number: card.number }), token);
      await db
        .insert(vaultCards)
        .values({ token, ...sealed, brand: card.brand, last4: card.last4, expMonth: card.expMonth, expYear: card.expYear });
      return { token, brand: card.brand, last4: card.last4 };
    },
    storeCvv(cvv) {
      sweep();
      const token = newToken('cvv');
      cvvs.set(token, { cvv, expiresAt: Date.now() + CVV_TTL_MS });
      return token;
    },
    async detokenize(token) {
      const [row] = await db.select().from(vaultCards).where(eq(vaultCards.token, token)).limit(1);
      if (!row) return null;
      const { number } = JSON.parse(open(key, row, token)) as { number: string };
      return { token, number, brand: row.brand as CardBrand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
    },
    fingerprint(number) {
      return createHmac('sha256', key).update(`fingerprint:${number}`).digest('hex');
    },
    hasCvv(token) {
      const entry = cvvs.get(token);
      return !!entry && entry.expiresAt >= Date.now();
    },
  };
}
