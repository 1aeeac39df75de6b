// Helpers for the admin refund tests (ADR 026): an order paid by card in the sandbox and fulfilled, and
// the admin's refund call.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { as, createShopper, type Shopper } from './checkout.ts';
import { init, pendingOrder, SANDBOX_CARDS } from './payments.ts';
import { tokenizeCard } from './vault.ts';

export interface PaidOrder {
  shopper: Shopper;
  orderId: string;
  totalCents: number;
  /** What fulfilment credited to the purchasedWallet (coins and bonus). */
  coins: number;
}

/** A Starter Pouch bought by a new shopper with a sandbox card (frictionless by default), fulfilled. */
export async function cardPaidOrder(app: FastifyInstance, db: Db, cardNumber: string = SANDBOX_CARDS.frictionless): Promise<PaidOrder> {
  const shopper = await createShopper(db);
  const order = await pendingOrder(app, shopper);
  const res = await init(app, shopper, { orderId: order._id, cardToken: await tokenizeCard(app, cardNumber) });
  expect(res.statusCode, res.body).toBe(200);
  expect(res.json().data.orderStatus).toBe('fulfilled');
  return { shopper, orderId: order._id, totalCents: order.total, coins: order.coins + order.bonusCoins };
}

export const refundRequest = (orderId: string, payload: unknown = { reason: 'Customer asked for a refund.' }) => ({
  method: 'POST' as const,
  url: `/api/v1/admin/orders/${encodeURIComponent(orderId)}/refund`,
  payload: payload as object,
});

export const refund = (app: FastifyInstance, who: Shopper, orderId: string, payload?: unknown) =>
  as(app, who, refundRequest(orderId, payload));
