// The gift-card codes an order holds. Codes are reserved before any charge (so no charge stands for a
// card that sold out), handed to the buyer when the order is fulfilled, released when it will not be paid.
import type { Tx } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import { listOrderItems } from './repository.ts';
import { assignCodes, countCodesHeldBy, reserveFreeCodes } from '../catalog/index.ts';

export const GIFT_CARD_SOLD_OUT_MESSAGE = 'Sorry, that gift card just sold out.';

/**
 * Makes sure the order holds a code for every gift card it buys, taking the missing ones from stock.
 * Throws 409 when stock runs short; the caller's transaction then rolls back whatever it took.
 */
export async function reserveGiftCardCodes(tx: Tx, orderId: string): Promise<void> {
  const items = await listOrderItems(tx, [orderId]);
  const wanted = new Map<string, number>();
  for (const item of items) {
    if (item.itemKind === 'giftCard') wanted.set(item.itemId, (wanted.get(item.itemId) ?? 0) + item.quantity);
  }
  for (const [giftCardId, quantity] of wanted) {
    const missing = quantity - (await countCodesHeldBy(tx, orderId, giftCardId));
    if (missing > 0 && (await reserveFreeCodes(tx, giftCardId, orderId, missing)) < missing) {
      throw new AppError(409, 'SOLD_OUT', GIFT_CARD_SOLD_OUT_MESSAGE);
    }
  }
}

/** Hands the codes the order holds to its buyer (fulfilment, in its transaction). */
export async function assignReservedCodes(tx: Tx, orderId: string, userId: string): Promise<void> {
  await assignCodes(tx, orderId, userId);
}
