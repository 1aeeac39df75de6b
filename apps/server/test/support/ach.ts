// Helpers for the bank account (ACH) tests: linking an account through the bank-linking page as its
// form posts, paying from it, the sandbox's controls and notifications.
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { as, type Shopper } from './checkout.ts';
import {
  ACH_SIGNATURE_HEADER,
  signAchNotification,
  type AchNotification,
} from '../../src/providers/payments/nuvei/ach/sandbox/notification.ts';

export { SANDBOX_ACCOUNTS, SANDBOX_ROUTING } from '../../src/providers/payments/nuvei/ach/sandbox/test-accounts.ts';

/** The form of the bank-linking page at `url` (as add_bank answered it), posted with these numbers. */
export function submitLinkPage(
  app: FastifyInstance,
  url: string,
  numbers: { routingNumber: string; accountNumber: string; accountType?: string },
  secret?: string,
  /** Posted from a frame (the store's dialog): the browser marks the request Sec-Fetch-Dest: iframe. */
  framed = false,
) {
  const u = new URL(url, 'http://localhost');
  const form = new URLSearchParams({
    secret: secret ?? u.searchParams.get('secret') ?? '',
    routingNumber: numbers.routingNumber,
    accountNumber: numbers.accountNumber,
    accountType: numbers.accountType ?? 'checking',
  });
  return app.inject({
    method: 'POST',
    url: u.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(framed ? { 'sec-fetch-dest': 'iframe' } : {}) },
    payload: form.toString(),
  });
}

/** add_bank, the page's form, then saved-bank: the shopper's new account as the API answers it. */
export async function linkBankAccount(
  app: FastifyInstance,
  shopper: Shopper,
  numbers: { routingNumber: string; accountNumber: string; accountType?: string },
): Promise<{ userPaymentOptionId: string; bankName: string; last4: string; accountType: string }> {
  const started = await as(app, shopper, { method: 'POST', url: '/api/v1/nuvei/add_bank', payload: {} });
  expect(started.statusCode, started.body).toBe(200);
  const { linkId, url } = started.json().data as { linkId: string; url: string };
  const posted = await submitLinkPage(app, url, numbers);
  expect(posted.statusCode, posted.body).toBe(303);
  expect(posted.headers.location).toBe(`/add-card?bankLink=${linkId}`);
  const saved = await as(app, shopper, { method: 'POST', url: '/api/v1/checkout/saved-bank', payload: { linkId } });
  expect(saved.statusCode, saved.body).toBe(200);
  return saved.json().data;
}

export const payAch = (app: FastifyInstance, shopper: Shopper, payload: object) =>
  as(app, shopper, { method: 'POST', url: '/api/v1/nuvei/payment/ach', payload });

export async function achStatus(app: FastifyInstance, shopper: Shopper, orderId: string) {
  const res = await as(app, shopper, { method: 'GET', url: `/api/v1/nuvei/ach/${orderId}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { status: string; returnCode: string | null; reason: string | null; transactionId: string | null };
}

/** A sandbox control, as a browser or script on the store's machine calls it. */
export const achControl = (app: FastifyInstance, transactionId: string, action: 'settle' | 'fail' | 'return', returnCode?: string) =>
  app.inject({
    method: 'POST',
    url: `/sandbox/ach/debits/${transactionId}/${action}`,
    headers: { host: 'localhost' },
    payload: returnCode ? { returnCode } : {},
  });

/** A notification as the ACH sandbox signs it (the test knows the webhook secret). */
export function achNotification(secret: string, body: AchNotification, signature = signAchNotification(secret, body)) {
  return {
    method: 'POST' as const,
    url: '/api/v1/nuvei/notify',
    headers: { [ACH_SIGNATURE_HEADER]: signature, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  };
}

export async function wallet(app: FastifyInstance, shopper: Shopper): Promise<number> {
  const res = await as(app, shopper, { method: 'GET', url: '/api/v1/getuser' });
  expect(res.statusCode).toBe(200);
  return res.json().data.coins.purchasedWallet as number;
}
