// Helpers for the Stripe API tests: the shopper's calls, the sandbox's pages as a browser answers them,
// and Stripe-signed webhook deliveries built with the `stripe` package's own signer.
import type { FastifyInstance } from 'fastify';
import Stripe from 'stripe';
import { expect } from 'vitest';
import { as, type Shopper } from './checkout.ts';
import { tokenizeCard } from './vault.ts';

export { STRIPE_TEST_CARDS } from '../../src/providers/payments/stripe/test-cards.ts';

export const listMethods = async (app: FastifyInstance, shopper: Shopper) => {
  const res = await as(app, shopper, { method: 'GET', url: '/api/v1/payment/stripe/payment-methods' });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.paymentMethods as {
    card: { userPaymentOptionId: string; brand: string; last4: string; expMonth: number; expYear: number }[];
    nuveiCards: { userPaymentOptionId: string }[];
    cashapp: { userPaymentOptionId: string; cashtag: string }[];
  };
};

export const saveStripeCardRaw = (app: FastifyInstance, shopper: Shopper, payload: object) =>
  as(app, shopper, { method: 'POST', url: '/api/v1/payment/stripe/payment-methods', payload });

/** A card saved with Stripe (the sandbox) from a vault token; returns its pm_ id. */
export async function saveStripeCard(app: FastifyInstance, shopper: Shopper, number: string): Promise<string> {
  const res = await saveStripeCardRaw(app, shopper, { vaultToken: await tokenizeCard(app, number) });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data.paymentMethod.userPaymentOptionId;
}

export const payIntent = (app: FastifyInstance, shopper: Shopper, userPaymentOptionId: string, orderId: string, payload?: object) =>
  as(app, shopper, {
    method: 'POST',
    url: `/api/v1/payment/stripe/payment-intent/${encodeURIComponent(userPaymentOptionId)}?orderId=${encodeURIComponent(orderId)}`,
    ...(payload ? { payload } : {}),
  });

export const deleteMethod = (app: FastifyInstance, shopper: Shopper, id: string) =>
  as(app, shopper, { method: 'DELETE', url: `/api/v1/payment/stripe/payment-methods/${encodeURIComponent(id)}` });

/**
 * The shopper's answer on a sandbox page (3-D Secure or Cash App), as its form posts it; returns where
 * the browser is sent next (Stripe's return_url, our return route).
 */
export async function answerStripePage(app: FastifyInstance, pageUrl: string, decision: 'approve' | 'fail'): Promise<string> {
  const url = new URL(pageUrl, 'http://localhost');
  const page = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(page.statusCode, page.body).toBe(200);
  const res = await app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams({ decision, secret: url.searchParams.get('secret') ?? '' }).toString(),
  });
  expect(res.statusCode, res.body).toBe(303);
  return res.headers.location as string;
}

/** Follows our return route as the browser does; returns where it sends the shopper. */
export async function followReturn(app: FastifyInstance, location: string): Promise<string> {
  const url = new URL(location, 'http://localhost');
  const res = await app.inject({ method: 'GET', url: `${url.pathname}${url.search}` });
  expect(res.statusCode, res.body).toBe(303);
  return res.headers.location as string;
}

/** Delivers an event to the webhook signed with `secret` (at `timestamp`, Stripe's seconds). */
export function postWebhook(app: FastifyInstance, event: object, secret: string, timestamp?: number, signature?: string) {
  const payload = JSON.stringify(event);
  const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret, ...(timestamp ? { timestamp } : {}) });
  return app.inject({
    method: 'POST',
    url: '/api/v1/payment/stripe/webhook',
    headers: { 'stripe-signature': header, 'content-type': 'application/json' },
    payload,
  });
}
