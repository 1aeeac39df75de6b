// The hosted checkout started alone (`npm run start:checkout-host`, ADR 052), as its own process from the
// built dist/checkout-host.js, with a database of its own: it registers the store it serves as its merchant
// and writes the store's settings to a file only its owner reads (the key never reaches its output). A store
// started with those settings (CHECKOUT_API_URL, CHECKOUT_PORT=off: no host of its own) opens its shopper's
// session there; the shopper pays USDC from a Solana wallet on the host's sandbox chain, and the host's
// webhook, sent by its own background job, fulfils the store's order once.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Keypair, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { coinflowSessionResponse } from '@store/shared';
import { CHECKOUT_HOST_BUNDLE } from '../../src/build-outputs.ts';
import { hostCaller } from '../support/checkout-host-calls.ts';
import { freshStoreDatabase, type StoreDatabase } from '../support/crash-testing.ts';
import { as, createShopper, expectLedgerBalanced } from '../support/checkout.ts';
import { orderStatus, pendingOrder } from '../support/payments.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { saveDistributorKeys } from '../../src/modules/settings/index.ts';
import { getWalletCoins } from '../../src/modules/wallet/index.ts';
import { freePort } from '../support/ports.ts';

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const GAME = 'dragon-slots';

let database: StoreDatabase;
let host: ChildProcess;
let output = '';
let hostOrigin: string;
let settings: Record<string, string>;
let settingsMode: number;
let storePort: number;
let t: TestApp;

beforeAll(async () => {
  storePort = await freePort();
  database = await freshStoreDatabase();
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const key of ['DATABASE_URL', 'REDIS_URL', 'PAYMENTS_PROVIDER', 'NUVEI_MERCHANT_ID', 'NUVEI_MERCHANT_SITE_ID', 'NUVEI_SECRET_KEY'])
    delete env[key];
  Object.assign(env, database.env, {
    // Every port the system's choice: the host, its vault, the processors' pages and the sandboxes.
    PORT: '0',
    HOST: '127.0.0.1',
    STRIPE_SANDBOX_PORT: '0',
    SQUARE_SANDBOX_PORT: '0',
    CHECKOUT_STORE_URL: `http://127.0.0.1:${storePort}`,
    DEMO_DATA: 'true',
    NODE_ENV: 'test',
    LOG_LEVEL: 'warn',
  });
  host = spawn(process.execPath, ['--enable-source-maps', CHECKOUT_HOST_BUNDLE], { cwd: repoRoot, env });
  host.stdout!.on('data', (d) => (output += d));
  host.stderr!.on('data', (d) => (output += d));
  await vi.waitFor(
    () => {
      if (host.exitCode !== null) throw new Error(`the host exited while starting:\n${output}`);
      expect(output).toContain("The store's settings to use this host are in");
    },
    { timeout: 150_000, interval: 250 },
  );
  hostOrigin = /Hosted checkout ready at (\S+)/.exec(output)![1]!;
  const file = path.join(database.env.DATA_DIR!, 'store-settings.env');
  settingsMode = fs.statSync(file).mode & 0o777;
  settings = Object.fromEntries(
    fs
      .readFileSync(file, 'utf8')
      .trim()
      .split('\n')
      .map((line) => [line.slice(0, line.indexOf('=')), line.slice(line.indexOf('=') + 1)]),
  );

  // The store, with the settings the host wrote: it runs no host of its own.
  t = await buildTestApp(
    {
      PUBLIC_URL: `http://127.0.0.1:${storePort}`,
      CHECKOUT_API_URL: settings.CHECKOUT_API_URL,
      CHECKOUT_MERCHANT_ID: settings.CHECKOUT_MERCHANT_ID,
      CHECKOUT_MERCHANT_KEY: settings.CHECKOUT_MERCHANT_KEY,
      CHECKOUT_WEBHOOK_SECRET: settings.CHECKOUT_WEBHOOK_SECRET,
      CHECKOUT_PORT: 'off',
    },
    { seedDemo: false },
  );
  await t.app.listen({ port: storePort, host: '127.0.0.1' });
  await saveDistributorKeys(t.database.db, { [GAME]: 'a-signing-key-of-the-dragon-slots-game-0001' });
}, 240_000);

afterAll(async () => {
  if (host && host.exitCode === null) {
    const exited = new Promise((resolve) => host.once('exit', resolve));
    host.kill('SIGTERM');
    await exited;
  }
  await t?.close();
  await database?.drop();
});

const hostCall = hostCaller(() => hostOrigin);

describe('the hosted checkout started alone', () => {
  it('writes the store its settings, readable by its owner only, and never prints the key or the webhook secret', () => {
    expect(settings).toEqual({
      CHECKOUT_API_URL: hostOrigin,
      CHECKOUT_MERCHANT_ID: 'lucky-dragon',
      CHECKOUT_MERCHANT_KEY: expect.stringMatching(/^.{16,}$/),
      CHECKOUT_WEBHOOK_SECRET: expect.stringMatching(/^.{16,}$/),
      CHECKOUT_PORT: 'off',
    });
    expect(settingsMode).toBe(0o600);
    expect(output).toContain(`Merchant lucky-dragon: the store at http://127.0.0.1:${storePort}`);
    expect(output).not.toContain(settings.CHECKOUT_MERCHANT_KEY);
    expect(output).not.toContain(settings.CHECKOUT_WEBHOOK_SECRET);
  });

  it("serves a store elsewhere: the store's session opens there, a USDC payment fulfils the order once through the host's webhook", async () => {
    const shopper = await createShopper(t.database.db);
    const order = await pendingOrder(t.app, shopper);
    const opened = await as(t.app, shopper, {
      method: 'GET',
      url: `/api/v1/payment/coinflow/session?gameProvider=${GAME}&orderId=${order._id}`,
    });
    expect(opened.statusCode, opened.body).toBe(200);
    const session = coinflowSessionResponse.parse(opened.json()).data;
    expect(session).toMatchObject({ merchantId: 'lucky-dragon', checkoutBase: hostOrigin, amountCents: order.total });

    const wallet = Keypair.generate();
    const funded = await hostCall('POST', '/sandbox/faucet', {
      body: { chain: 'solana', address: wallet.publicKey.toBase58(), usdcCents: order.total + 100 },
    });
    expect(funded.status, funded.text).toBe(200);
    const prepared = await hostCall('POST', '/api/checkout/usdc/prepare', {
      session: session.sessionKey,
      body: { chain: 'solana', payer: wallet.publicKey.toBase58() },
    });
    expect(prepared.status, prepared.text).toBe(200);
    const tx = Transaction.from(bs58.decode(prepared.json.transaction as string));
    tx.partialSign(wallet);
    const paid = await hostCall('POST', '/api/checkout/usdc/submit', {
      session: session.sessionKey,
      body: { paymentId: prepared.json.paymentId, signedTransaction: bs58.encode(tx.serialize()) },
    });
    expect(paid.json.status, paid.text).toBe('paid');

    // No test hand delivers it: the host's own process sends the webhook to the store.
    await vi.waitFor(async () => expect(await orderStatus(t.app, shopper, order._id)).toBe('fulfilled'), {
      timeout: 60_000,
      interval: 250,
    });
    expect((await getWalletCoins(t.database.db, shopper.id)).purchasedWallet).toBe(order.coins + order.bonusCoins);
    await expectLedgerBalanced(t.database.db, order._id);
  }, 120_000);
});
