// The card vault: turns card data into opaque tokens and back. Only the vault's own endpoint
// tokenizes. Card data leaves the vault two ways only: to a real provider through the relay (relay.ts,
// ADR 010), which fills it into the provider's request itself, and to the built-in sandbox gateway,
// which plays the provider in-process. The API sees tokens only.
import { createHmac, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { vaultCards } from '../../db/schema.ts';
import type { CardBrand, CheckedCard } from './card-rules.ts';
import { open, seal } from './crypto.ts';
import { createRelay, type RelayOptions, type RelayRequest, type RelayResponse } from './relay.ts';

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
  /** The clock CVV tokens expire by (tests move it). */
  now?: () => number;
}

export const CVV_TTL_MS = 15 * 60_000;
const newToken = (prefix: string) => `${prefix}_${randomBytes(18).toString('base64url')}`;

export function createVault(db: Db, key: Buffer, options: VaultOptions = {}): Vault {
  const now = options.now ?? Date.now;
  const cvvs = new Map<string, { cvv: string; expiresAt: number }>();
  const sweep = () => {
    const at = now();
    for (const [token, entry] of cvvs) if (entry.expiresAt < at) cvvs.delete(token);
  };
  const liveCvv = (token: string): string | null => {
    const entry = cvvs.get(token);
    return entry && entry.expiresAt >= now() ? entry.cvv : null;
  };

  async function detokenize(token: string): Promise<VaultCard | null> {
    const [row] = await db.select().from(vaultCards).where(eq(vaultCards.token, token)).limit(1);
    if (!row) return null;
    const { number } = JSON.parse(open(key, row, token)) as { number: string };
    return { token, number, brand: row.brand as CardBrand, last4: row.last4, expMonth: row.expMonth, expYear: row.expYear };
  }

  const relay = createRelay({ card: detokenize, cvv: liveCvv }, options.relay ?? { destinations: [], timeoutMs: 30_000 });

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
