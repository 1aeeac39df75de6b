import { AMOUNT_TYPE_DEFAULT, GAME_IDENTIFIER, ORDER_TYPE_DEFAULT } from '@store/shared';
import { Keypair, Transaction, VersionedTransaction } from '@solana/web3.js';
import net from 'node:net';
import type { FrameLocator } from 'playwright-core';
import { createWalletClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { useBrowser, type TrackedPage } from '../support/browser.ts';
import { aCheapProduct, addToCartViaApi, CARDS, orderViaApi, purchasedCoins } from '../support/commerce.ts';
import type { MerchantPageConfig, SdkRecord } from '../support/published-sdk/merchant-page.tsx';
import { startMerchantServer, type MerchantServer } from '../support/published-sdk/merchant-server.ts';
import { startStore, type StoreProcess } from '../support/store-server.ts';
import { createVerifiedUser, signInViaApi } from '../support/users.ts';

// Issue 23: a merchant who uses Coinflow's published React SDK (@coinflowlabs/react, unmodified) points it at
// our hosted checkout through its `local` environment, which looks for the page at http://localhost:3000 and
// the API at http://localhost:5000. The store runs its in-process host there (CHECKOUT_PORT, CHECKOUT_API_PORT)
// and lets the merchant page's own origin (http://127.0.0.1:<free port>) frame it. The merchant page mounts
// CoinflowPurchase with the session the store opened for the shopper's order and records every callback;
// each test pays in the frame and checks the SDK's own callbacks and the store's order, fulfilled once.

const PAGE_PORT = 3000;
const API_PORT = 5000;
const HOST_ORIGIN = `http://localhost:${PAGE_PORT}`;

const { newPage } = useBrowser();
let merchant: MerchantServer;
let store: StoreProcess;

/** The SDK's `local` ports are fixed: taken, the test cannot run, and says which port and why. */
async function assertPortFree(port: number, role: string) {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          `Port ${port} is taken (${err.code}): the published SDK's 'local' environment looks for the hosted checkout's ${role} there. ` +
            `Stop whatever listens on ${port} and run this test again.`,
        ),
      ),
    );
    probe.listen(port, '0.0.0.0', () => probe.close(() => resolve()));
  });
}

beforeAll(async () => {
  await assertPortFree(PAGE_PORT, 'page');
  await assertPortFree(API_PORT, 'API');
  merchant = await startMerchantServer();
  store = await startStore({
    publicUrl: true,
    databaseFrom: inject('migratedDatabase'),
    env: {
      CHECKOUT_PORT: String(PAGE_PORT),
      CHECKOUT_PUBLIC_URL: HOST_ORIGIN,
      CHECKOUT_API_PORT: String(API_PORT),
      CHECKOUT_EXTRA_ORIGINS: merchant.origin,
    },
  });
});
afterAll(async () => {
  await store?.stop();
  await merchant?.stop();
});

interface StoreSession {
  sessionKey: string;
  merchantId: string;
  checkoutBase: string;
}

interface Shopper {
  token: string;
  orderId: string;
  orderCoins: number;
  coinsBefore: number;
  session: StoreSession;
}

async function storeApi<T>(method: string, path: string, token: string, body?: unknown): Promise<T> {
  const res = await fetch(`${store.baseURL}/api/${path}`, {
    method,
    headers: { 'x-auth-token': token, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const json = (await res.json()) as T;
  expect(res.status, `${method} ${path}: ${JSON.stringify(json)}`).toBe(200);
  return json;
}

/**
 * A new shopper with one cheap product ordered, and the hosted checkout session the store opens for that order
 * (what its "Crypto wallet (USDC)" asks for: GET v1/payment/coinflow/session).
 */
async function shopperWithOrder(): Promise<Shopper> {
  const product = await aCheapProduct(store.baseURL);
  const { token } = await signInViaApi(store.baseURL, await createVerifiedUser(store.baseURL, { billingAddress: true }));
  await addToCartViaApi(store.baseURL, token, product._id, 1);
  const placed = await storeApi<{ order: { _id: string; totalCoins: number } }>('POST', 'v1/checkout/placeorder', token, {
    orderType: ORDER_TYPE_DEFAULT,
    amountType: AMOUNT_TYPE_DEFAULT,
  });
  const coinsBefore = await purchasedCoins(store.baseURL, token);
  const query = new URLSearchParams({ gameProvider: GAME_IDENTIFIER, orderId: placed.order._id });
  const { data: session } = await storeApi<{ data: StoreSession }>('GET', `v1/payment/coinflow/session?${query}`, token);
  expect(session.checkoutBase, 'the store names the host where the SDK looks for it').toBe(HOST_ORIGIN);
  return { token, orderId: placed.order._id, orderCoins: placed.order.totalCoins, coinsBefore, session };
}

const sdkRecord = (page: TrackedPage) => page.evaluate(() => window.__sdk);

/**
 * What the SDK's handleIFrameMessage warns about (a method it does not know) or logs as unreadable: every
 * message the page posts must be one it accepts, so each test expects none.
 */
const sdkComplaints = new WeakMap<TrackedPage, string[]>();
function watchSdkComplaints(page: TrackedPage) {
  const seen: string[] = [];
  sdkComplaints.set(page, seen);
  page.on('console', (msg) => {
    if (/handleIFrameMessage/.test(msg.text())) seen.push(`${msg.type()}: ${msg.text()}`);
  });
}

/**
 * The merchant page with CoinflowPurchase mounted, once the frame said it loaded: the SDK's loading overlay
 * (the element after its frame) is gone, and the frame is the host's page for this merchant.
 */
async function openMerchantPage(
  page: TrackedPage,
  shopper: Shopper,
  settings: Pick<MerchantPageConfig, 'blockchain' | 'wallet' | 'allowedPaymentMethods' | 'solanaVersions'>,
): Promise<FrameLocator> {
  const config: MerchantPageConfig = { merchantId: shopper.session.merchantId, sessionKey: shopper.session.sessionKey, ...settings };
  watchSdkComplaints(page);
  await page.goto(merchant.pageUrl(config));
  const iframe = page.locator('#root iframe');
  await iframe.waitFor({ timeout: 30_000 });
  const src = new URL((await iframe.getAttribute('src'))!);
  expect(src.origin).toBe(HOST_ORIGIN);
  expect(src.pathname).toBe(`/${settings.blockchain}/purchase-v2/${shopper.session.merchantId}`);
  // The overlay is the SDK's: it hides it only on the frame's `loaded` message.
  await expect.poll(() => page.locator('#root iframe + div').count(), { timeout: 30_000 }).toBe(0);
  return page.frameLocator('#root iframe');
}

async function payByCard(frame: FrameLocator, number: string) {
  const pay = frame.getByTestId('checkout-pay-card');
  await pay.waitFor({ timeout: 30_000 });
  const field = frame.frameLocator('#card-number iframe');
  await field.getByLabel('Card number').fill(number);
  await field.getByLabel('Expiry date').fill('1234');
  await field.getByLabel('CVV').fill('123');
  await expect.poll(() => pay.isEnabled(), { timeout: 30_000 }).toBe(true);
  await pay.click();
}

/** The SDK's onSuccess once, with the payment's id; its height callback got a pixel height; the order paid, coins once. */
async function expectPaidOnce(page: TrackedPage, shopper: Shopper, chain?: 'solana' | 'base') {
  await expect.poll(async () => (await sdkRecord(page)).success.length, { timeout: 60_000 }).toBe(1);
  const record: SdkRecord = await sdkRecord(page);
  const info = record.success[0] as { paymentId?: unknown; hash?: unknown };
  expect(info.paymentId).toEqual(expect.any(String));
  if (chain) expect(info.hash).toEqual(expect.stringMatching(chain === 'solana' ? /^[1-9A-HJ-NP-Za-km-z]{64,88}$/ : /^0x[0-9a-f]{64}$/));
  expect(record.authDeclined).toEqual([]);
  expect(record.heights.length).toBeGreaterThan(0);
  for (const height of record.heights) expect(Number(height)).toBeGreaterThan(0);
  await expect.poll(() => purchasedCoins(store.baseURL, shopper.token), { timeout: 60_000 }).toBe(shopper.coinsBefore + shopper.orderCoins);
  await expect
    .poll(async () => (await orderViaApi(store.baseURL, shopper.token, shopper.orderId)).status, { timeout: 30_000 })
    .toMatch(/^(paid|fulfilled)$/);
  // Asked again after the order settled: still credited once.
  expect(await purchasedCoins(store.baseURL, shopper.token)).toBe(shopper.coinsBefore + shopper.orderCoins);
  expect((await sdkRecord(page)).success).toHaveLength(1);
  expect(sdkComplaints.get(page)).toEqual([]);
}

/** The frame shows no refusal: no refused parameter listed, no wallet refusal or error left on the page. */
async function expectNothingRefused(frame: FrameLocator) {
  expect(await frame.locator('#notices li').count()).toBe(0);
  expect(await frame.getByText(/not supported|refused/i).count()).toBe(0);
}

async function faucet(chain: 'solana' | 'base', address: string): Promise<{ rpcUrl?: string }> {
  const res = await fetch(`http://127.0.0.1:${PAGE_PORT}/sandbox/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chain, address, usdcCents: 100_00 }),
  });
  const body = (await res.json()) as { data?: { rpcUrl?: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data ?? {};
}

/** The merchant page's Solana wallet signs in Node with the keypair, whichever kind of transaction it is given. */
async function exposeSolanaSigner(page: TrackedPage, keypair: Keypair) {
  await page.exposeFunction('__e2eSignSolana', (base64: string) => {
    const bytes = Buffer.from(base64, 'base64');
    const versioned = VersionedTransaction.deserialize(bytes);
    if (versioned.version !== 'legacy') {
      versioned.sign([keypair]);
      return Buffer.from(versioned.serialize()).toString('base64');
    }
    const tx = Transaction.from(bytes);
    tx.partialSign(keypair);
    return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
  });
}

/** The merchant page's EVM wallet sends in Node, with the viem account, to the host's local node. */
async function exposeEvmSender(page: TrackedPage, privateKey: Hex, rpcUrl: () => string) {
  const account = privateKeyToAccount(privateKey);
  await page.exposeFunction('__e2eSendEvm', async (json: string) => {
    const tx = JSON.parse(json) as { to: Hex; data?: Hex; value?: string; chainId: number };
    const client = createWalletClient({ account, transport: http(rpcUrl()) });
    return client.sendTransaction({
      to: tx.to,
      data: tx.data,
      value: tx.value ? BigInt(tx.value) : 0n,
      chain: {
        id: tx.chainId,
        name: 'local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [rpcUrl()] } },
      },
    });
  });
}

/**
 * A shopper pays their order with USDC from a Solana wallet handed to the SDK, whose stub signs the transaction
 * versions given: the frame, and what the merchant page recorded (the SDK's callbacks, the stub's signing).
 */
async function paySolanaThroughSdk(solanaVersions: ('legacy' | 0)[]) {
  const keypair = Keypair.generate();
  const shopper = await shopperWithOrder();
  const page = await newPage();
  await exposeSolanaSigner(page, keypair);
  const frame = await openMerchantPage(page, shopper, { blockchain: 'solana', wallet: keypair.publicKey.toBase58(), solanaVersions });
  await faucet('solana', keypair.publicKey.toBase58());
  const pay = frame.getByTestId('checkout-pay-usdc');
  await expect.poll(() => pay.isEnabled(), { timeout: 30_000 }).toBe(true);
  await pay.click();
  await expectPaidOnce(page, shopper, 'solana');
  return { frame, record: await sdkRecord(page) };
}

describe('the published @coinflowlabs/react SDK, unmodified, on our hosted checkout', () => {
  it("card (4111 1111 1111 1111): the SDK's onSuccess with the paymentId, its height callback, the order paid once; the SDK reaches the host's API on :5000", async () => {
    const shopper = await shopperWithOrder();
    const page = await newPage();
    // Settled either way, so a test that fails before the report leaves no promise rejected behind it.
    const telemetry = page
      .waitForResponse(
        (res) => res.url() === `http://localhost:${API_PORT}/api/telemetry/frontend-error` && res.request().method() === 'POST',
      )
      .then(
        (res) => res.status(),
        () => 'no report reached the API port',
      );
    const frame = await openMerchantPage(page, shopper, {
      blockchain: 'solana',
      wallet: Keypair.generate().publicKey.toBase58(),
      allowedPaymentMethods: ['card'],
    });
    // The SDK's own calls to the `local` API: /merchant/view across origins, and its error report (answered 204).
    await expect.poll(async () => (await sdkRecord(page)).partnerId, { timeout: 30_000 }).toBe(shopper.session.merchantId);
    expect(await telemetry).toBe(204);
    await payByCard(frame, CARDS.frictionless);
    await expectPaidOnce(page, shopper);
  });

  it("a declined card (4000 0000 0000 0002): the SDK's onAuthDeclined with title, code, action, message and total; nothing credited", async () => {
    const shopper = await shopperWithOrder();
    const page = await newPage();
    page.allowHttpErrors(402);
    const frame = await openMerchantPage(page, shopper, {
      blockchain: 'solana',
      wallet: Keypair.generate().publicKey.toBase58(),
      allowedPaymentMethods: ['card'],
    });
    await payByCard(frame, CARDS.declined);
    await expect.poll(async () => (await sdkRecord(page)).authDeclined.length, { timeout: 30_000 }).toBe(1);
    const record = await sdkRecord(page);
    expect(record.authDeclined[0]).toMatchObject({
      title: expect.any(String),
      code: expect.any(String),
      action: expect.any(String),
      message: expect.any(String),
      total: expect.stringMatching(/^\$\d+\.\d{2}$/),
    });
    expect(record.success).toEqual([]);
    expect(sdkComplaints.get(page)).toEqual([]);
    expect(await purchasedCoins(store.baseURL, shopper.token)).toBe(shopper.coinsBefore);
    expect((await orderViaApi(store.baseURL, shopper.token, shopper.orderId)).status).toBe('pending');
  });

  it("a 3-D Secure card (4000 0000 0000 3220): the bank's check inside the frame, Approve, then the SDK's onSuccess and the order paid once", async () => {
    const shopper = await shopperWithOrder();
    const page = await newPage();
    const frame = await openMerchantPage(page, shopper, {
      blockchain: 'solana',
      wallet: Keypair.generate().publicKey.toBase58(),
      allowedPaymentMethods: ['card'],
    });
    await payByCard(frame, CARDS.challenge);
    await frame.frameLocator('#challenge-frame').getByRole('button', { name: 'Approve' }).click({ timeout: 30_000 });
    await expectPaidOnce(page, shopper);
  });

  it('USDC from a Solana wallet that signs only legacy transactions: it refuses the v0 one, is given the legacy transaction to sign; onSuccess with paymentId and hash, paid once', async () => {
    const { frame, record } = await paySolanaThroughSdk(['legacy']);
    expect(record.refused).toEqual(['v0']);
    expect(record.signed).toEqual(['legacy']);
    // The transaction that paid is the one the wallet signed.
    expect((record.success[0] as { hash: string }).hash).toBe(record.signatures[0]);
    await expectNothingRefused(frame);
  });

  it('USDC from a Solana wallet with a versioned transaction: the SDK hands the wallet a v0 VersionedTransaction, it signs it; onSuccess with paymentId and hash, paid once', async () => {
    const { frame, record } = await paySolanaThroughSdk(['legacy', 0]);
    // The wallet stub saw a VersionedTransaction of version 0 (recorded by the stub itself, not by our code).
    expect(record.signed).toEqual(['v0']);
    expect(record.refused).toEqual([]);
    expect((record.success[0] as { hash: string }).hash).toBe(record.signatures[0]);
    await expectNothingRefused(frame);
  });

  it('USDC from an EVM wallet (Base) handed to the SDK: it decodes the base64 transaction, the wallet sends it; onSuccess with paymentId and hash, paid once', async () => {
    const privateKey = generatePrivateKey();
    const address = privateKeyToAccount(privateKey).address;
    let rpcUrl = '';
    const shopper = await shopperWithOrder();
    const page = await newPage();
    await exposeEvmSender(page, privateKey, () => rpcUrl);
    const frame = await openMerchantPage(page, shopper, { blockchain: 'base', wallet: address });
    const funded = await faucet('base', address);
    expect(funded.rpcUrl, "the host's faucet names the local node's RPC URL").toBeTruthy();
    rpcUrl = funded.rpcUrl!;
    const pay = frame.getByTestId('checkout-pay-usdc');
    await expect.poll(() => pay.isEnabled(), { timeout: 30_000 }).toBe(true);
    await pay.click();
    await expectPaidOnce(page, shopper, 'base');
  });
});
