// Helpers for the payment API tests: a pending order bought now, and the three calls of §4.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { as, STARTER_POUCH, type Shopper } from './checkout.ts';

export { SANDBOX_CARDS } from '../../src/providers/payments/nuvei/sandbox/test-cards.ts';

/** A pending buy-now order of one Starter Pouch ($4.99, 500 coins). */
export async function pendingOrder(
  app: FastifyInstance,
  shopper: Shopper,
  productId = STARTER_POUCH,
): Promise<{ _id: string; total: number; coins: number; bonusCoins: number }> {
  const res = await as(app, shopper, {
    method: 'POST',
    url: `/api/v1/checkout/buy/${productId}`,
    payload: { type: 'product', quantity: 1 },
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data;
}

export const init = (app: FastifyInstance, shopper: Shopper, payload: object) =>
  as(app, shopper, { method: 'POST', url: '/api/v1/nuvei/init', payload });
export const paymentFirst = (app: FastifyInstance, shopper: Shopper, payload: object) =>
  as(app, shopper, { method: 'POST', url: '/api/v1/nuvei/payment/first', payload });
export const getCards = async (app: FastifyInstance, shopper: Shopper) => {
  const res = await as(app, shopper, { method: 'GET', url: '/api/v1/nuvei/cards' });
  expect(res.statusCode).toBe(200);
  return res.json().data.paymentMethods as { userPaymentOptionId: string; last4: string; brand: string }[];
};
export const orderStatus = async (app: FastifyInstance, shopper: Shopper, orderId: string): Promise<string> => {
  const res = await as(app, shopper, { method: 'GET', url: `/api/v1/checkout/getorder?orderId=${orderId}` });
  expect(res.statusCode).toBe(200);
  return res.json().data.status;
};

/**
 * The shopper's answer on the sandbox bank's page, as its form posts it: the challenge URL the API
 * returned carries the page's single-use secret, and the form sends it back in its body.
 */
export const answerChallenge = (app: FastifyInstance, challengeUrl: string, decision: 'approve' | 'fail') => {
  // Absolute with PUBLIC_URL set, a path on the shopper's own origin without it.
  const url = new URL(challengeUrl, 'http://localhost');
  const form = new URLSearchParams({ decision, secret: url.searchParams.get('secret') ?? '' });
  return app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
};

// The card sandbox's notification signing, its challenge's lifetime, its gateway's type and the DMN checksum
// by Nuvei's documented formula: the payments core's tests reach the Nuvei family through here, since
// modules/payments imports no provider folder (ADR 044).
export {
  SANDBOX_SIGNATURE_HEADER,
  signNotification,
  type SandboxNotification,
} from '../../src/providers/payments/nuvei/sandbox/notification.ts';
export { SANDBOX_CHALLENGE_TTL_MS, type SandboxGateway } from '../../src/providers/payments/nuvei/sandbox/gateway.ts';
export { dmnChecksum } from '../../src/providers/payments/nuvei/sandbox/checksum-rules.ts';
