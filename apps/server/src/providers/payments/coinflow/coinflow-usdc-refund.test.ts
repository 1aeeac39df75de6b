// An admin refunds an order a shopper paid with USDC (Solana, the litesvm sandbox) in the embedded checkout
// this process hosts: the host sends the USDC back to the paying wallet, the store takes the coins back
// once, and the host's payment.refunded that follows takes nothing more.
import { Keypair, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { adminRefundResponse, coinflowSessionResponse } from '@store/shared';
import { buildTestApp, type TestApp } from '../../../../test/support/test-app.ts';
import { createAdmin } from '../../../../test/support/cashout.ts';
import { as, createShopper } from '../../../../test/support/checkout.ts';
import { orderStatus, pendingOrder } from '../../../../test/support/payments.ts';
import { refund } from '../../../../test/support/refunds.ts';
import { ledgerEntries, payments } from '../../../db/schema.ts';
import { checkoutWebhookOutbox } from '@store/checkout-host/testing';
import { SESSION_KEY_HEADER } from '@store/checkout-host';
import { saveDistributorKeys } from '../../../modules/settings/index.ts';
import { getWalletCoins } from '../../../modules/wallet/index.ts';
import { freePort } from '../../../../test/support/ports.ts';

const GAME = 'dragon-slots';

let t: TestApp;
beforeAll(async () => {
  const storePort = await freePort();
  t = await buildTestApp({ PUBLIC_URL: `http://127.0.0.1:${storePort}` }, { seedDemo: false });
  await t.app.listen({ port: storePort, host: '127.0.0.1' });
  await saveDistributorKeys(t.database.db, { [GAME]: 'a-signing-key-of-the-dragon-slots-game-0001' });
}, 60_000);
afterAll(() => t.close());

const hostUrl = (path: string) => `${t.app.checkoutHost.origin().replace('localhost', '127.0.0.1')}${path}`;
const pageCall = async (key: string, path: string, body: unknown) => {
  const res = await fetch(hostUrl(path), {
    method: 'POST',
    headers: { [SESSION_KEY_HEADER]: key, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
};

describe('an admin refunds an order paid with USDC in the embedded checkout', () => {
  it('the USDC goes back to the paying wallet, the coins come back once; the later payment.refunded takes nothing more', async () => {
    const admin = await createAdmin(t.database.db);
    const s = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, s);
    const opened = await as(t.app, s, { method: 'GET', url: `/api/v1/payment/coinflow/session?gameProvider=${GAME}&orderId=${order._id}` });
    expect(opened.statusCode, opened.body).toBe(200);
    const { sessionKey } = coinflowSessionResponse.parse(opened.json()).data;

    const payer = Keypair.generate();
    const adapter = await t.app.checkoutHost.chains.get('solana');
    await adapter.faucet!(payer.publicKey.toBase58(), 100_000_000n);
    const prepared = await pageCall(sessionKey, '/api/checkout/usdc/prepare', { chain: 'solana', payer: payer.publicKey.toBase58() });
    expect(prepared.status).toBe(200);
    const tx = Transaction.from(bs58.decode(prepared.json.transaction as string));
    tx.partialSign(payer);
    const paid = await pageCall(sessionKey, '/api/checkout/usdc/submit', {
      paymentId: prepared.json.paymentId,
      signedTransaction: bs58.encode(tx.serialize()),
    });
    expect(paid.json.status).toBe('paid');
    await t.app.checkoutHost.deliverWebhooks();
    await vi.waitFor(async () => expect(await orderStatus(t.app, s, order._id)).toBe('fulfilled'), { timeout: 20_000, interval: 100 });
    const coins = order.coins + order.bonusCoins;
    expect((await getWalletCoins(t.database.db, s.id)).purchasedWallet).toBe(coins);
    const afterPaying = 100_000_000n - BigInt(order.total) * 10_000n;
    expect(await adapter.sandboxUsdcBalance!(payer.publicKey.toBase58())).toBe(afterPaying);

    const res = await refund(t.app, admin, order._id, { reason: 'Customer asked for a refund.' });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminRefundResponse.parse(res.json()).data).toMatchObject({ orderId: order._id, state: 'refunded', refundedCents: order.total });
    expect(await adapter.sandboxUsdcBalance!(payer.publicKey.toBase58())).toBe(100_000_000n);
    expect(await orderStatus(t.app, s, order._id)).toBe('refunded');
    expect((await getWalletCoins(t.database.db, s.id)).purchasedWallet).toBe(0);

    // The host's payment.refunded (with the refund's transaction) reaches the store and changes nothing more.
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, order._id));
    const refunded = async () =>
      (await t.database.db.select().from(checkoutWebhookOutbox).where(eq(checkoutWebhookOutbox.type, 'payment.refunded'))).filter(
        (e) => (e.payload.data as { sessionId: string }).sessionId === payment!.transactionId,
      );
    await t.app.checkoutHost.deliverWebhooks();
    await vi.waitFor(async () => expect((await refunded())[0]?.deliveredAt).toBeTruthy(), { timeout: 20_000, interval: 100 });
    expect((await refunded())[0]!.payload.data).toMatchObject({ refundTxId: expect.any(String) });
    expect((await getWalletCoins(t.database.db, s.id)).purchasedWallet).toBe(0);
    const entries = await t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, s.id));
    expect(entries.filter((e) => e.amount < 0)).toHaveLength(1);
    expect(await adapter.sandboxUsdcBalance!(payer.publicKey.toBase58())).toBe(100_000_000n);
  }, 90_000);
});
