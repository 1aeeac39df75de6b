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
): Promise<{ _id: string; number: number; total: number; coins: number; bonusCoins: number; paidWith: string | null }> {
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
/** payment/first as the pay page sends it: with the browser's details unless the test says otherwise. */
export const paymentFirst = (app: FastifyInstance, shopper: Shopper, payload: object) =>
  as(app, shopper, { method: 'POST', url: '/api/v1/nuvei/payment/first', payload: { browserDetails: BROWSER_DETAILS, ...payload } });
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

/** What a browser measures for 3-D Secure 2 (payment/first's browserDetails), as the pay page sends it. */
export const BROWSER_DETAILS = { javaEnabled: false, language: 'en-US', colorDepth: 24, screenHeight: 900, screenWidth: 1366, timeZone: 0 };

/** The challenge a payment/first answered: the bank page and the creq the browser must POST it. */
export type ChallengeData = { url?: string; creq?: string };

/**
 * The shopper's browser through the sandbox bank (ADR 037), as the pay page and the bank page drive it:
 * the store's form POSTs creq to the bank page (its URL carries the page's single-use secret), the
 * shopper answers, and the bank's page POSTs cres to the store's challenge-return page (the
 * notificationURL it was given), which makes the final payment. Answers the return page's response
 * (a 303 to where the pay flow ends), or the first refusal on the way.
 */
/** `framed`: the bank's page ran in the pay page's dialog, so the browser marks the return post Sec-Fetch-Dest: iframe. */
export async function answerChallenge(
  app: FastifyInstance,
  challenge: ChallengeData | string,
  decision: 'approve' | 'fail',
  { framed = false } = {},
) {
  const { url: challengeUrl = '', creq = '' } = typeof challenge === 'string' ? { url: challenge } : challenge;
  // Absolute with PUBLIC_URL set, a path on the shopper's own origin without it.
  const url = new URL(challengeUrl, 'http://localhost');
  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  const opened = await app.inject({ method: 'POST', url: `${url.pathname}${url.search}`, ...form({ creq }) });
  if (opened.statusCode !== 200) return opened;
  const answered = await app.inject({
    method: 'POST',
    url: url.pathname,
    ...form({ decision, secret: url.searchParams.get('secret') ?? '' }),
  });
  if (answered.statusCode !== 200) return answered;
  // The bank page's auto-submitting form: its action (the store's return page) and the cres it carries.
  const action = /<form id="cres-form" method="post" action="([^"]+)"/.exec(answered.body)?.[1];
  const cres = /name="cres" value="([^"]+)"/.exec(answered.body)?.[1];
  if (!action || !cres) throw new Error('the bank page posted no cres');
  const back = new URL(action.replaceAll('&amp;', '&'), 'http://localhost');
  const returned = form({ cres });
  return app.inject({
    method: 'POST',
    url: back.pathname,
    ...returned,
    headers: { ...returned.headers, ...(framed ? { 'sec-fetch-dest': 'iframe' } : {}) },
  });
}

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
