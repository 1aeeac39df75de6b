// Helpers for the checkout, fulfilment and purchases tests. Shoppers are inserted with a live session
// (sign-up has its own tests; argon2 per shopper would only slow twenty racing shoppers down).
import { eq, inArray, sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { expect } from 'vitest';
import type { OrderStatus } from '@store/shared';
import type { Db } from '../../src/db/client.ts';
import { findOrder } from '../../src/modules/checkout/index.ts';
import { giftCardCodes, ledgerEntries, orders, payments, sessions, users } from '../../src/db/schema.ts';
import { sandboxTransactions } from '../../src/db/sandbox-schema.ts';
import { hashToken, newId, newSecretToken } from '../../src/lib/ids.ts';

export interface Shopper {
  id: string;
  token: string;
  email: string;
}

/**
 * A shopper with a session; with `state`, a US address in that state on the profile; otherwise only a
 * billing country ('US', or `country`; null for none), which a card or bank payment requires (ADR 037,
 * 039). Signed in from the test's loopback address, as the profile's last IP records a sign-in.
 */
export async function createShopper(db: Db, opts: { state?: string; country?: string | null } = {}): Promise<Shopper> {
  const id = newId();
  const token = newSecretToken();
  const email = `buyer-${id}@example.com`;
  const country = opts.country === undefined ? 'US' : opts.country;
  const address = opts.state
    ? { street: '8 Jade Road', city: 'Springfield', state: opts.state, zipCode: '00000', country: 'US' }
    : country
      ? { street: '', city: '', state: '', zipCode: '', country }
      : null;
  await db.insert(users).values({
    id,
    email,
    passwordHash: 'not-a-real-hash',
    firstname: 'Mei',
    lastname: 'Lin',
    emailVerifiedAt: new Date(),
    // A signed-up shopper: the sign-up form confirmed being 18 or older.
    adultConfirmedAt: new Date(),
    address,
    lastIp: '127.0.0.1',
  });
  await db.insert(sessions).values({ id: newId(), userId: id, tokenHash: hashToken(token), expiresAt: new Date(Date.now() + 3_600_000) });
  return { id, token, email };
}

export function as(app: FastifyInstance, shopper: Shopper, opts: InjectOptions) {
  return app.inject({ ...opts, headers: { ...(opts.headers ?? {}), 'x-auth-token': shopper.token } });
}

export async function addToCart(
  app: FastifyInstance,
  shopper: Shopper,
  itemId: string,
  quantity: number,
  type: 'product' | 'giftCard' = 'product',
) {
  const res = await as(app, shopper, { method: 'POST', url: '/api/v1/cart', payload: { itemId, quantity, type } });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

// Starter catalogue ids (modules/catalog/starter-catalog.ts).
export const STARTER_POUCH = '10000000-0000-4000-8000-000000000001'; // $4.99, 500 coins
export const LUCKY_HANDFUL = '10000000-0000-4000-8000-000000000002'; // $9.99, 1,000 coins + 5 %
export const LANTERN_BUNDLE_SOLD_OUT = '10000000-0000-4000-8000-000000000003';
export const PHOENIX_VAULT = '10000000-0000-4000-8000-000000000008'; // $199.99
export const JADE_GIFT_CARD = '20000000-0000-4000-8000-000000000001'; // $25.00

/** Coins the ledger holds for an order's reference. */
export async function ledgerSumForOrder(db: Db, orderId: string): Promise<number> {
  const rows = await db
    .select({ total: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)`, n: sql<string>`count(*)` })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.reference, `order:${orderId}`));
  return Number(rows[0]!.total);
}

/** The ledger balances: a fulfilled order's reference holds exactly its coins + bonus, any other order none. */
export async function expectLedgerBalanced(db: Db, orderId: string): Promise<void> {
  const [order] = await db.select().from(orders).where(eq(orders.id, orderId));
  const expected = order!.status === 'fulfilled' ? order!.coins + order!.bonusCoins : 0;
  expect(await ledgerSumForOrder(db, orderId)).toBe(expected);
}

/** Leaves exactly `count` free codes of a gift card in stock (fresh codes, so tests know them). */
export async function setFreeStock(db: Db, giftCardId: string, count: number): Promise<string[]> {
  await db.delete(giftCardCodes).where(sql`${giftCardCodes.giftCardId} = ${giftCardId} AND ${giftCardCodes.orderId} IS NULL`);
  const codes = Array.from({ length: count }, (_, i) => `TEST-${newId().slice(0, 8).toUpperCase()}-${i}`);
  if (codes.length > 0) await db.insert(giftCardCodes).values(codes.map((code) => ({ id: newId(), giftCardId, code })));
  return codes;
}

/** Every transaction the sandbox gateway has recorded so far; pass it to transactionsSince after a race. */
export async function sandboxBook(db: Db): Promise<Set<string>> {
  return new Set((await db.select({ id: sandboxTransactions.id }).from(sandboxTransactions)).map((r) => r.id));
}

/** The sandbox transactions recorded since `book` was taken (whatever clientUniqueId they carry). */
export async function transactionsSince(db: Db, book: Set<string>) {
  return (await db.select().from(sandboxTransactions)).filter((t) => !book.has(t.id));
}

/** The payments recorded for the given orders. */
export async function paymentsFor(db: Db, orderIds: string[]) {
  if (orderIds.length === 0) return [];
  return db.select().from(payments).where(inArray(payments.orderId, orderIds));
}

/**
 * A provider's approval of `paymentId` for the order, recorded through the pay-an-order workflow as payments
 * records one (app.payOrder), for tests that pay an order without a provider: the payment's row is written
 * first, already approved (no provider took part), then the workflow moves the order and fulfils it.
 * Returns the order's status afterwards; 409 ORDER_STATE when the order cannot take the approval.
 */
export async function approvePayment(app: FastifyInstance, orderId: string, paymentId: string): Promise<OrderStatus> {
  const order = await findOrder(app.db, orderId);
  if (!order) throw new Error(`approvePayment: no order ${orderId}`);
  const transactionId = `test-approval:${paymentId}`;
  await app.db
    .insert(payments)
    .values({
      id: paymentId,
      orderId,
      userId: order.userId,
      provider: 'test',
      method: 'card',
      transactionId,
      status: 'approved',
      amountCents: order.totalCents,
    })
    .onConflictDoNothing();
  const [row] = await app.db.select().from(payments).where(eq(payments.id, paymentId));
  return (await app.payOrder.recordApproval(paymentsDepsOf(app), row!, { transactionId, card: null })).orderStatus;
}

/**
 * What the pay-an-order workflow does before a charge (app.payOrder.beginAttempt), without an attempt: the
 * shopper's pending order with its gift-card codes and coupon use held. 404 / 409 as the pay routes answer.
 */
export function holdForPayment(app: FastifyInstance, userId: string, orderId: string) {
  return app.payOrder.beginAttempt(paymentsDepsOf(app), userId, orderId);
}

/** What the app hands payments' services outside a shopper's request. */
const paymentsDepsOf = (app: FastifyInstance) => ({
  db: app.db,
  providers: app.paymentProviders,
  log: app.log,
  wake: app.outbox,
  payOrder: app.payOrder,
});
