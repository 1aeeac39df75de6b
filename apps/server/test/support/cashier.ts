// Helpers for the cashier tests (ADR 014): start a cashier payment, and act on the sandbox's hosted
// page as its form posts (the page URL carries its single-use secret; the form sends it back).
import type { FastifyInstance } from 'fastify';
import { as, type Shopper } from './checkout.ts';

export const startCashier = (app: FastifyInstance, shopper: Shopper, payload: object) =>
  as(app, shopper, { method: 'POST', url: '/api/v1/nuvei/cashier', payload });

export type PageChoice = { cardToken: string; saveCard?: boolean } | { card: string } | 'cancel';

/** The form's fields for a choice on the page at `pageUrl`. */
export function pageForm(pageUrl: string, choice: PageChoice): URLSearchParams {
  const url = new URL(pageUrl, 'http://localhost');
  const form = new URLSearchParams({ secret: url.searchParams.get('secret') ?? '' });
  if (choice === 'cancel') form.set('action', 'cancel');
  else if ('card' in choice) {
    form.set('action', 'pay');
    form.set('card', choice.card);
  } else {
    form.set('action', 'pay');
    form.set('card', 'new');
    form.set('cardToken', choice.cardToken);
    if (choice.saveCard) form.set('saveCard', 'true');
  }
  return form;
}

/** The shopper's choice on the sandbox's page, posted in-process. */
export function onPage(app: FastifyInstance, pageUrl: string, choice: PageChoice) {
  const url = new URL(pageUrl, 'http://localhost');
  return app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: pageForm(pageUrl, choice).toString(),
  });
}

/**
 * Where the shopper's browser ends after the page's answer (a 303 to the store's return route, which sends it
 * on with another 303): the store path, as the pay flow goes on there.
 */
export async function wentOnTo(app: FastifyInstance, pageAnswer: { statusCode: number; headers: Record<string, unknown> }) {
  const location = new URL(String(pageAnswer.headers.location), 'http://localhost');
  if (pageAnswer.statusCode !== 303 || !location.pathname.startsWith('/api/v1/nuvei/cashier/return/'))
    throw new Error(`The page did not send the browser to the store's return route: ${pageAnswer.statusCode} ${location.href}`);
  const res = await app.inject({ method: 'GET', url: location.pathname + location.search });
  if (res.statusCode !== 303) throw new Error(`The return route answered ${res.statusCode}: ${res.body}`);
  return String(res.headers.location);
}
