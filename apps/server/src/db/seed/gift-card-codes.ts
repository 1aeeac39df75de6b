// A handful of redeemable codes for each starter gift card, so a fresh install can sell them.
// Row ids are fixed per card and slot: the seed runs on every start and adds only missing slots,
// never new stock on top of what was sold.
import { randomInt } from 'node:crypto';
import type { Db } from '../client.ts';
import { giftCardCodes } from '../schema.ts';
import { STARTER_GIFT_CARDS } from '../../modules/catalog/index.ts';

export const SEEDED_CODES_PER_GIFT_CARD = 5;

// No 0/O or 1/I/L: codes are read off screens and typed by hand.
const ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

/** 'LDC-XXXX-XXXX-XXXX' from a cryptographic source: a code is worth money to whoever types it. */
export function newGiftCardCode(): string {
  const group = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `LDC-${group()}-${group()}-${group()}`;
}

export async function seedGiftCardCodes(db: Db): Promise<void> {
  const rows = STARTER_GIFT_CARDS.flatMap((card) =>
    Array.from({ length: SEEDED_CODES_PER_GIFT_CARD }, (_, slot) => ({
      id: `${card.id}:seed-code-${slot + 1}`,
      giftCardId: card.id!,
      code: newGiftCardCode(),
    })),
  );
  await db.insert(giftCardCodes).values(rows).onConflictDoNothing();
}
