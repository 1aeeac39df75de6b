// The storefront as the first merchant of the hosted checkout this process runs (no CHECKOUT_API_URL): the
// store registers itself as lucky-dragon at start, its session route opens a session there with the
// order's amount, a card payment in the frame reaches the store as the host's signed webhook over HTTP,
// and the order is fulfilled once.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coinflowSessionResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { as, createShopper, expectLedgerBalanced } from '../../../../test/support/checkout.ts';
import { BROWSER_DETAILS, orderStatus, pendingOrder } from '../../../../test/support/payments.ts';
import { tokenizeCard } from '../../../../test/support/vault.ts';
import { payments } from '../../../db/schema.ts';
import { SESSION_KEY_HEADER } from '@store/checkout-host';
import { saveDistributorKeys } from '../../../modules/settings/index.ts';
import { getWalletCoins } from '../../../modules/wallet/index.ts';
import { freePort } from '../../../../test/support/ports.ts';

const GAME = 'dragon-slots';

let t: TestApp;
let storePort: number;
beforeAll(async () => {
  storePort = await freePort();
  // The host delivers its webhook to PUBLIC_URL over HTTP: the store listens there.
  t = await buildTestApp({ PUBLIC_URL: `http://127.0.0.1:${storePort}` }, { seedDemo: false });
  await t.app.listen({ port: storePort, host: '127.0.0.1' });
  await saveDistributorKeys(t.database.db, { [GAME]: 'a-signing-key-of-the-dragon-slots-game-0001' });
});
afterAll(() => t.close());

const hostUrl = (path: string) => `${t.app.checkoutHost.origin().replace('localhost', '127.0.0.1')}${path}`;
const pageCall = (key: string, method: string, path: string, body?: unknown) =>
  fetch(hostUrl(path), {
    method,
    headers: { [SESSION_KEY_HEADER]: key, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });

describe('the in-process hosted checkout', () => {
  it('opens the session there; a rotated key stops the old one; a card payment fulfils the order once through the webhook', async () => {
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const open = async () => {
      const res = await as(t.app, s, { method: 'GET', url: `/api/v1/payment/coinflow/session?gameProvider=${GAME}&orderId=${order._id}` });
      expect(res.statusCode, res.body).toBe(200);
      return coinflowSessionResponse.parse(res.json()).data;
    };
    const first = await open();
    expect(first).toMatchObject({ merchantId: 'lucky-dragon', checkoutBase: t.app.checkoutHost.origin(), amountCents: order.total });
    const seen = await pageCall(first.sessionKey, 'GET', '/api/checkout/session');
    expect(seen.status).toBe(200);
    expect(await seen.json()).toMatchObject({ amountCents: order.total, currency: 'USD', merchantId: 'lucky-dragon' });

    const second = await open();
    expect((await pageCall(first.sessionKey, 'GET', '/api/checkout/session')).status).not.toBe(200);

    const paid = await pageCall(second.sessionKey, 'POST', '/api/checkout/card', {
      browserDetails: BROWSER_DETAILS,
      cardToken: await tokenizeCard(t.app, '4111111111111111'),
    });
    expect(paid.status).toBe(200);
    expect(await paid.json()).toMatchObject({ status: 'paid' });

    await t.app.checkoutHost.deliverWebhooks();
    await vi.waitFor(async () => expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled'), { timeout: 20_000, interval: 100 });
    expect((await getWalletCoins(t.database.db, s.id)).purchasedWallet).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(t.database.db, order._id);
    const rows = await t.database.db.select().from(payments).where(eq(payments.orderId, order._id));
    expect(rows.map((r) => [r.method, r.status])).toEqual([['embedded_checkout', 'approved']]);
  });
});
