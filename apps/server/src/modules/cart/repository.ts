import { and, asc, eq, sql } from 'drizzle-orm';
import type { CartItemKind } from '@store/shared';
import type { Db, Tx } from '../../db/client.ts';
import { cartItems, carts } from '../../db/schema.ts';
import { newId } from '../../lib/ids.ts';
import { catalogItemKey, findCatalogItems, type CatalogItem } from '../catalog/index.ts';

type Conn = Db | Tx;

export interface CartRow {
  id: string;
  couponId: string | null;
  version: number;
}

export interface CartLineRow {
  quantity: number;
  item: CatalogItem;
}

const cartColumns = { id: carts.id, couponId: carts.couponId, version: carts.version };

/** The shopper's cart, created empty on first use (one per user; a race just finds the other's row). */
export async function ensureCart(db: Conn, userId: string): Promise<CartRow> {
  const found = await db.select(cartColumns).from(carts).where(eq(carts.userId, userId));
  if (found[0]) return found[0];
  await db.insert(carts).values({ id: newId(), userId }).onConflictDoNothing({ target: carts.userId });
  const rows = await db.select(cartColumns).from(carts).where(eq(carts.userId, userId));
  return rows[0]!;
}

/** Locks the shopper's cart row for the rest of the transaction, so changes to one cart queue up. */
export async function lockCart(tx: Tx, userId: string): Promise<CartRow> {
  await ensureCart(tx, userId);
  const rows = await tx.select(cartColumns).from(carts).where(eq(carts.userId, userId)).for('update');
  return rows[0]!;
}

/**
 * Locks the shopper's cart for the rest of the transaction and bumps its version for the change the caller
 * is making, creating the cart (at version 1) on first use: what ensureCart, lockCart and touchCart do in
 * four round trips, in one statement (issue 26). A change that is then refused rolls the bump back with it.
 */
export async function lockCartForChange(tx: Tx, userId: string): Promise<CartRow> {
  const rows = await tx
    .insert(carts)
    .values({ id: newId(), userId, version: 1 })
    .onConflictDoUpdate({ target: carts.userId, set: { version: sql`${carts.version} + 1`, updatedAt: sql`now()` } })
    .returning(cartColumns);
  return rows[0]!;
}

/**
 * Adds `quantity` of an item to the cart: a new line goes last, a line already there gains the quantity.
 * One statement (the unique line per cart and item decides which); answers the line's quantity now, or
 * null, changing nothing, when the line would pass `limit` (the table's own check refuses it too).
 */
export async function addToLine(
  tx: Tx,
  cartId: string,
  line: { kind: CartItemKind; itemId: string; quantity: number },
  limit: number,
): Promise<number | null> {
  const { kind, itemId, quantity } = line;
  const rows = await tx
    .insert(cartItems)
    .values({
      id: newId(),
      cartId,
      itemKind: kind,
      itemId,
      quantity,
      position: sql`(select coalesce(max(${cartItems.position}), 0) + 1 from ${cartItems} where ${cartItems.cartId} = ${cartId})`,
    })
    .onConflictDoUpdate({
      target: [cartItems.cartId, cartItems.itemKind, cartItems.itemId],
      set: { quantity: sql`${cartItems.quantity} + excluded.quantity` },
      setWhere: sql`${cartItems.quantity} + excluded.quantity <= ${limit}`,
    })
    .returning({ quantity: cartItems.quantity });
  return rows[0]?.quantity ?? null;
}

/** Every change bumps the version: orders placed from a cart are idempotent per version. */
export async function touchCart(tx: Tx, cartId: string, changes: { couponId?: string | null } = {}): Promise<void> {
  await tx
    .update(carts)
    .set({ ...changes, version: sql`${carts.version} + 1`, updatedAt: sql`now()` })
    .where(eq(carts.id, cartId));
}

/**
 * The cart's lines with their catalogue items (asked of the catalogue), in the order they were added. A line
 * whose item is gone is left out (nothing to price it by).
 */
export async function listCartLines(db: Conn, cartId: string): Promise<CartLineRow[]> {
  const lines = await db
    .select({ kind: cartItems.itemKind, itemId: cartItems.itemId, quantity: cartItems.quantity })
    .from(cartItems)
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.position));
  const items = await findCatalogItems(
    db,
    lines.map((line) => ({ kind: line.kind, id: line.itemId })),
  );
  return lines.flatMap(({ kind, itemId, quantity }) => {
    const item = items.get(catalogItemKey(kind, itemId));
    return item ? [{ quantity, item }] : [];
  });
}

export async function findLine(tx: Tx, cartId: string, itemId: string) {
  const rows = await tx
    .select({ id: cartItems.id, kind: cartItems.itemKind, quantity: cartItems.quantity })
    .from(cartItems)
    .where(and(eq(cartItems.cartId, cartId), eq(cartItems.itemId, itemId)));
  return rows[0];
}

export async function setLineQuantity(tx: Tx, lineId: string, quantity: number): Promise<void> {
  await tx.update(cartItems).set({ quantity }).where(eq(cartItems.id, lineId));
}

export async function deleteLine(tx: Tx, lineId: string): Promise<void> {
  await tx.delete(cartItems).where(eq(cartItems.id, lineId));
}

/** What the header badge shows: the sum of the quantities in the shopper's cart. */
export async function countCartItems(db: Conn, userId: string): Promise<number> {
  const rows = await db
    .select({ n: sql<string>`coalesce(sum(${cartItems.quantity}), 0)` })
    .from(cartItems)
    .innerJoin(carts, eq(carts.id, cartItems.cartId))
    .where(eq(carts.userId, userId));
  return Number(rows[0]?.n ?? 0);
}
