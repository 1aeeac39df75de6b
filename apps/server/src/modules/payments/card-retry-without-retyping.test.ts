// Issue 22 (ADR 038): a new card's CVV goes with the first use of its token, so a shopper whose payment
// failed must be able to press Pay again without retyping the card. The vault's real card frame (its page
// and script, run in a DOM) is typed into once and asked for a token per attempt, as the store's pay page
// asks it; its /tokenize calls reach the real vault over HTTP; the real Nuvei client pays through the
// vault's relay to the fake Nuvei, which refuses a payment whose card has no CVV (errCode 1062).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../app.ts';
import { migrateAll } from '../../migrations.ts';
import { seed } from '../../db/seed.ts';
import { fieldPage, fieldsScript } from '../../providers/vault/pages.ts';
import { openTestDatabase, testConfig } from '../../../test/support/test-app.ts';
import { createShopper, type Shopper } from '../../../test/support/checkout.ts';
import { startFakeNuvei, type FakeNuvei } from '../../../test/support/fake-nuvei.ts';
import { init, orderStatus, paymentFirst, pendingOrder } from '../../../test/support/payments.ts';
import { vaultUrl } from '../../../test/support/vault.ts';

const creds = { merchantId: '4242424242', merchantSiteId: '112233', secretKey: 'fake-nuvei-secret-key' };
const STORE = 'http://store.test:3000';
const CARD = '4242424242424242';

let fake: FakeNuvei;
let app: FastifyInstance;
let drop: () => Promise<void>;

beforeAll(async () => {
  fake = await startFakeNuvei(creds);
  const opened = await openTestDatabase();
  drop = opened.drop;
  await migrateAll(opened.database);
  await seed(opened.database.db, { demo: false });
  const config = testConfig({
    NUVEI_MERCHANT_ID: creds.merchantId,
    NUVEI_MERCHANT_SITE_ID: creds.merchantSiteId,
    NUVEI_SECRET_KEY: creds.secretKey,
    NUVEI_BASE_URL: fake.baseUrl,
  });
  app = await buildApp({ config, database: opened.database });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await drop?.();
  await fake?.close();
});

// The few DOM parts used here (the server is typed without the DOM library; jsdom ships no types).
interface FrameInput {
  value: string;
  dispatchEvent(event: object): boolean;
}
interface FrameWindow {
  document: { getElementById(id: string): FrameInput | null };
  Event: new (type: string, init?: { bubbles?: boolean }) => object;
  MessageEvent: new (type: string, init: { data: unknown; origin: string; source: FrameWindow }) => object;
  dispatchEvent(event: object): boolean;
  eval(source: string): void;
  postMessage(message: unknown, targetOrigin: string): void;
  fetch: unknown;
  close(): void;
}
type JsdomModule = { JSDOM: new (html: string, options: object) => { window: FrameWindow } };

/**
 * The vault's card frame for `shopper`, in a DOM: its requests go to the real vault with the frame's
 * origin, its messages to the store page are collected.
 */
async function cardFrame(shopper: Shopper) {
  const specifier = 'jsdom';
  const { JSDOM } = (await import(specifier)) as JsdomModule;
  const session = app.vault.issueFrameSession({ kind: 'shopper', id: shopper.id }).session;
  const html = fieldPage('card', STORE, undefined, session).replace(/<script[^>]*><\/script>/, '');
  const { window } = new JSDOM(html, { url: app.vault.origin(), runScripts: 'outside-only' });
  const tokenizeCalls: unknown[] = [];
  window.fetch = (path: string, init: { method: string; headers: Record<string, string>; body: string }) => {
    tokenizeCalls.push(JSON.parse(init.body));
    return fetch(vaultUrl(app, path), { ...init, headers: { ...init.headers, origin: app.vault.origin() } });
  };
  const answers = new Map<string, { type: string; token?: string; message?: string }>();
  // The frame is the top window here, so its parent is itself: its messages to the store page land here.
  window.postMessage = (message) => {
    const m = message as { requestId: string; type: string };
    if (m.requestId) answers.set(m.requestId, m);
  };
  window.eval(fieldsScript());
  const type = (id: string, value: string) => {
    const input = window.document.getElementById(id)!;
    input.value = value;
    input.dispatchEvent(new window.Event('input', { bubbles: true }));
  };
  let n = 0;
  /** What the store's page does on Pay: a 'tokenize' message, then the frame's answer. */
  async function tokenize(): Promise<string> {
    n += 1;
    const requestId = `pay-${n}`;
    window.dispatchEvent(new window.MessageEvent('message', { data: { type: 'tokenize', requestId }, origin: STORE, source: window }));
    await expect.poll(() => answers.get(requestId), { timeout: 20_000 }).toBeDefined();
    const answer = answers.get(requestId)!;
    expect(answer, JSON.stringify(answer)).toMatchObject({ type: 'token' });
    return answer.token!;
  }
  return { type, tokenize, tokenizeCalls, close: () => window.close() };
}

/** One press of Pay for a new card: init (the fingerprint step), then the payment. */
async function pay(shopper: Shopper, orderId: string, cardToken: string) {
  const step1 = await init(app, shopper, { orderId, cardToken });
  expect(step1.statusCode, step1.body).toBe(200);
  return paymentFirst(app, shopper, {
    orderId,
    version: step1.json().data.paymentOption.card.threeD.version,
    relatedTransactionId: step1.json().data.transactionId,
  });
}

const paymentCalls = () => fake.calls.filter((c) => c.method === 'payment');

describe('Pay again after a failed payment, without retyping the card (issue 22, ADR 038)', () => {
  it('the second attempt gets a new token from what is still typed, and reaches Nuvei with the CVV', async () => {
    const shopper = await createShopper(app.db);
    const frame = await cardFrame(shopper);
    try {
      frame.type('number', CARD);
      frame.type('expiry', '1133');
      frame.type('cvv', '737');

      // First press: the payment reaches Nuvei with the CVV (the relay takes it), and Nuvei is down.
      const order = await pendingOrder(app, shopper);
      const first = await frame.tokenize();
      const before = paymentCalls().length;
      fake.failing.add('payment');
      let failed;
      try {
        failed = await pay(shopper, order._id, first);
      } finally {
        fake.failing.delete('payment');
      }
      // What the shopper is told: try again. The order is still there to pay.
      expect(failed.statusCode, failed.body).toBe(502);
      expect(failed.json()).toMatchObject({
        code: 'PROVIDER_UNAVAILABLE',
        message: 'The payment service is not answering. Please try again.',
      });
      expect(
        paymentCalls()
          .slice(before)
          .map((c) => (c.body.paymentOption as { card: { CVV?: string } }).card.CVV),
      ).toEqual(['737']);
      expect(await orderStatus(app, shopper, order._id)).toBe('pending');

      // Pay again, nothing retyped: a new token for the same card and CVV, and the payment goes through.
      const second = await frame.tokenize();
      expect(second).not.toBe(first);
      const paid = await pay(shopper, order._id, second);
      expect(paid.statusCode, paid.body).toBe(200);
      expect(paid.json().data).toMatchObject({ redirect: false, orderStatus: 'fulfilled' });
      const lastPayment = paymentCalls().at(-1)!;
      expect(lastPayment.body.paymentOption).toMatchObject({ card: { cardNumber: CARD, CVV: '737' } });
      expect(frame.tokenizeCalls).toEqual([
        { kind: 'card', number: CARD, expiry: '11/33', cvv: '737' },
        { kind: 'card', number: CARD, expiry: '11/33', cvv: '737' },
      ]);
    } finally {
      frame.close();
    }
  });
});
