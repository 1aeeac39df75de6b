// Which card a source_id stands for, as the Square sandbox sees it: one of Square's test tokens, a token
// of our card vault (the sandbox plays Square, so it reads the vault in-process, ADR 010), or a card it
// saved before. Each resolves to the card as Square describes it and the decline the card gets.
import type { Vault, VaultCard } from '../../../vault/vault.ts';
import type { StoredObject } from './book.ts';
import { declineForNumber, SQUARE_SANDBOX_CARDS, SQUARE_TEST_TOKENS, type SandboxDecline } from './test-cards.ts';

/** The card a source stands for, as Square would describe it, or its decline; null when Square would not know the source. */
export interface ResolvedCard {
  card: { card_brand: string; last_4: string; exp_month: number; exp_year: number; fingerprint: string; card_type: 'CREDIT'; bin: string };
  decline: SandboxDecline | null;
  /** Held PENDING until settled (the pending test card). */
  pending: boolean;
  /** How the sandbox finds the card again (a saved card): the vault token or the test token. Never the number. */
  privateRef: { vaultToken?: string; testToken?: string };
}

/** Square's brand names for our vault's. */
const BRANDS: Record<VaultCard['brand'], string> = {
  visa: 'VISA',
  masterCard: 'MASTERCARD',
  americanExpress: 'AMERICAN_EXPRESS',
  discover: 'DISCOVER',
  unknown: 'OTHER_BRAND',
};

export interface CardSources {
  /** A one-time token: one of Square's test tokens, or our vault's token (the sandbox's card fields). */
  resolveToken(sourceId: string): Promise<ResolvedCard | null>;
  /** A saved card (or a payment's card) again from what the sandbox kept of it. */
  resolveSaved(card: StoredObject): Promise<ResolvedCard | null>;
}

export function createCardSources(vault: Vault): CardSources {
  const testCard = (testToken: string, decline: SandboxDecline | null): ResolvedCard => ({
    card: {
      card_brand: 'VISA',
      last_4: '1111',
      exp_month: 12,
      exp_year: new Date().getUTCFullYear() + 5,
      fingerprint: 'sq-1-test-visa-1111',
      card_type: 'CREDIT',
      bin: '411111',
    },
    decline,
    pending: false,
    privateRef: { testToken },
  });

  async function fromVault(vaultToken: string): Promise<ResolvedCard | null> {
    // The card's CVV (ADR 038) is deliberately not read: Square's CreatePayment takes a source id, with no
    // CVV field (its Web Payments SDK checks the CVV when it makes the nonce); the vault clears it in time.
    const card = await vault.detokenize(vaultToken);
    if (!card) return null;
    const nowDate = new Date();
    const expired = card.expYear * 12 + (card.expMonth - 1) < nowDate.getUTCFullYear() * 12 + nowDate.getUTCMonth();
    return {
      card: {
        card_brand: BRANDS[card.brand],
        last_4: card.last4,
        exp_month: card.expMonth,
        exp_year: card.expYear,
        fingerprint: `sq-1-${vault.fingerprint(card.number).slice(0, 40)}`,
        card_type: 'CREDIT',
        bin: card.number.slice(0, 6),
      },
      decline: expired ? { code: 'INVALID_EXPIRATION', detail: 'Authorization error: INVALID_EXPIRATION' } : declineForNumber(card.number),
      pending: card.number === SQUARE_SANDBOX_CARDS.pending,
      privateRef: { vaultToken },
    };
  }

  return {
    async resolveToken(sourceId) {
      if (sourceId in SQUARE_TEST_TOKENS) return testCard(sourceId, SQUARE_TEST_TOKENS[sourceId]!);
      if (sourceId.startsWith('card_')) return fromVault(sourceId);
      return null;
    },
    async resolveSaved(card) {
      const ref = card.private as ResolvedCard['privateRef'];
      if (ref.testToken) return testCard(ref.testToken, SQUARE_TEST_TOKENS[ref.testToken] ?? null);
      return ref.vaultToken ? fromVault(ref.vaultToken) : null;
    },
  };
}
