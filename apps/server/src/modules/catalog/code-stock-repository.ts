// SQL of the gift-card code stock as the admin console sees it (ADR 023): counts only, never a code.
import { randomUUID } from 'node:crypto';
import { eq, inArray, sql } from 'drizzle-orm';
import type { AdminCodeStock } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { giftCardCodes } from '../../db/schema.ts';
import { yieldToEventLoop } from '../../lib/yield.ts';

/**
 * Rows a statement carries: well under PostgreSQL's parameter limit, and small enough that one statement
 * on the embedded database holds the event loop only briefly; the loop gets a turn between statements.
 */
const BATCH = 500;

/** Free (on sale), held by an order being paid, sold. */
export async function countCodes(db: Db | Tx, giftCardId: string): Promise<AdminCodeStock> {
  const rows = await db
    .select({
      free: sql<number>`count(*) filter (where ${giftCardCodes.orderId} is null and ${giftCardCodes.assignedAt} is null)`.mapWith(Number),
      reserved: sql<number>`count(*) filter (where ${giftCardCodes.orderId} is not null and ${giftCardCodes.assignedAt} is null)`.mapWith(
        Number,
      ),
      sold: sql<number>`count(*) filter (where ${giftCardCodes.assignedAt} is not null)`.mapWith(Number),
    })
    .from(giftCardCodes)
    .where(eq(giftCardCodes.giftCardId, giftCardId));
  const row = rows[0]!;
  return { giftCardId, free: row.free, reserved: row.reserved, sold: row.sold };
}

/** Which of these codes the stock already holds (any gift card, any state). */
/** The codes of the list already in the store (any card's), each with whether it was sold to a shopper. */
export async function existingCodes(tx: Tx, codes: string[]): Promise<Map<string, { sold: boolean }>> {
  const found = new Map<string, { sold: boolean }>();
  for (let i = 0; i < codes.length; i += BATCH) {
    if (i > 0) await yieldToEventLoop();
    const rows = await tx
      .select({ code: giftCardCodes.code, assignedAt: giftCardCodes.assignedAt })
      .from(giftCardCodes)
      .where(inArray(giftCardCodes.code, codes.slice(i, i + BATCH)));
    for (const row of rows) found.set(row.code, { sold: row.assignedAt !== null });
  }
  return found;
}

/**
 * Adds the codes as free stock of the card; a code another import added meanwhile is skipped (not an
 * error). Answers the codes actually added.
 */
export async function insertCodes(tx: Tx, giftCardId: string, codes: string[]): Promise<Set<string>> {
  const added = new Set<string>();
  for (let i = 0; i < codes.length; i += BATCH) {
    if (i > 0) await yieldToEventLoop();
    const rows = await tx
      .insert(giftCardCodes)
      .values(codes.slice(i, i + BATCH).map((code) => ({ id: randomUUID(), giftCardId, code })))
      .onConflictDoNothing({ target: giftCardCodes.code })
      .returning({ code: giftCardCodes.code });
    for (const row of rows) added.add(row.code);
  }
  return added;
}
