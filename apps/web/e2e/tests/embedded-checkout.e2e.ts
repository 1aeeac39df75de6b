import { formatBalance } from '@store/shared';
import { Keypair, Transaction, VersionedTransaction } from '@solana/web3.js';
import type { FrameLocator } from 'playwright-core';
import { createWalletClient, http, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { useBrowser, type TrackedPage } from '../support/browser.ts';
import { aCheapProduct, addToCartViaApi, chooseWayToPay, purchasedCoins, signedInPaymentPage } from '../support/commerce.ts';
import { createVerifiedUser, E2E_BILLING_ADDRESS, signInViaApi } from '../support/users.ts';

// Issue 11: "Crypto wallet (USDC)" on the pay page opens the hosted checkout (the server's own, on its
// own origin) in a frame through the checkout SDK. A shopper pays by card inside it, or with USDC from their
// own wallet: a wallet-standard Solana wallet, or an injected EIP-1193 wallet on an EVM chain. The wallets
// are test wallets whose keys live in Node (exposed to the page as functions); the host's sandbox chains
// run locally and its demo faucet funds them.

const { newPage, baseURL } = useBrowser();

const digits = (text: string) => text.replace(/\D/g, '');
/** The host's address for fetch from Node (it listens on IPv4). */
const forNode = (origin: string) => origin.replace('//localhost', '//127.0.0.1');

interface OrderPage {
  page: TrackedPage;
  token: string;
  /** The shopper's e-mail address. */
  email: string;
  orderCoins: number;
  coinsBefore: number;
}

/** A new shopper with one cheap product in the cart, on the pay page of its order with the embedded checkout chosen. */
async function payPageWithEmbeddedCheckout(prepare?: (page: TrackedPage) => Promise<void>): Promise<OrderPage> {
  const product = await aCheapProduct(baseURL);
  const user = await createVerifiedUser(baseURL, { billingAddress: true });
  const session = await signInViaApi(baseURL, user);
  await addToCartViaApi(baseURL, session.token, product._id, 1);
  const page = await signedInPaymentPage(newPage, session);
  await prepare?.(page);
  await page.goto('/cart');
  await page.getByTestId('cart-line').waitFor();
  const orderCoins = Number(digits((await page.getByTestId('cart-total-coins').textContent()) ?? ''));
  const coinsBefore = await purchasedCoins(baseURL, session.token);
  await page.getByTestId('checkout-button').click();
  await page.waitForURL('**/add-card/*');
  await chooseWayToPay(page, 'Crypto wallet (USDC)');
  await page.getByTestId('embedded-checkout-method').waitFor();
  return { page, token: session.token, email: user.email, orderCoins, coinsBefore };
}

/**
 * The checkout frame once the SDK opened it (it waits on a blank page until the fraud device id is
 * collected), and the host's origin it comes from. The pay page asks for the device id, so it must be there.
 */
async function checkoutFrame(page: TrackedPage): Promise<{ frame: FrameLocator; hostOrigin: string }> {
  const iframe = page.locator('iframe[title=Checkout]');
  await iframe.waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    () => document.querySelector('iframe[title=Checkout]')?.getAttribute('src')?.includes('/purchase-v2/'),
    undefined,
    {
      timeout: 30_000,
    },
  );
  const src = new URL((await iframe.getAttribute('src'))!);
  expect(src.searchParams.get('deviceId')).toMatch(/^(dev|sbx)_[0-9a-f]{32}$/);
  return { frame: page.frameLocator('iframe[title=Checkout]'), hostOrigin: src.origin };
}

/**
 * A chain payment's test, from the pay page to the credited balance: the host starts its local chain at the first
 * payment and waits for the transfer's confirmation. With the browser stage's load (two Chromiums and two stores on
 * 2 cores) these took more than the suite's 60 s; alone, 10 s. A deadline for a hang, not a timing.
 */
const CHAIN_PAYMENT_TIMEOUT_MS = 150_000;

/** The success page, and the balance up by the order's coins exactly once. */
async function expectPaidOnce({ page, token, orderCoins, coinsBefore }: OrderPage) {
  try {
    await page.waitForURL('**/payment-success?orderId=*', { timeout: 90_000 });
  } catch (err) {
    // What the shopper was looking at, for the CI log's failure summary: the checkout's own status line.
    throw new Error(`No success page within 90 s. ${await checkoutSaid(page)}`, { cause: err });
  }
  await page.getByTestId('coins-credited').waitFor({ timeout: 30_000 });
  const expected = formatBalance(coinsBefore + orderCoins);
  await page.waitForFunction((text) => document.querySelector('[data-testid=wallet-balance]')?.textContent === text, expected, {
    timeout: 30_000,
  });
  expect(await purchasedCoins(baseURL, token)).toBe(coinsBefore + orderCoins);
}

/** The checkout frame's status line and the pay page's own error, as far as they can be read. */
async function checkoutSaid(page: TrackedPage): Promise<string> {
  const read = (locator: ReturnType<TrackedPage['getByTestId']>) =>
    locator.textContent({ timeout: 5_000 }).then(
      (text) => JSON.stringify(text),
      () => '(none)',
    );
  const status = await read(page.frameLocator('iframe[title=Checkout]').getByTestId('checkout-status'));
  const pageError = await read(page.getByTestId('embedded-error'));
  return `The checkout said ${status}; the pay page said ${pageError}; the page is at ${page.url()}.`;
}

async function faucet(hostOrigin: string, chain: string, address: string, usdcCents: number) {
  const res = await fetch(`${forNode(hostOrigin)}/sandbox/faucet`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ chain, address, usdcCents }),
  });
  const body = (await res.json()) as { data?: { rpcUrl?: string } };
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body.data ?? {};
}

/** Types a card into the vault's field inside the hosted checkout and pays. */
async function payByCardInFrame(page: TrackedPage, frame: FrameLocator, number: string) {
  const pay = frame.getByTestId('checkout-pay-card');
  await pay.waitFor({ timeout: 30_000 });
  const field = frame.frameLocator('#card-number iframe');
  await field.getByLabel('Card number').fill(number);
  await field.getByLabel('Expiry date').fill('1234');
  await field.getByLabel('CVV').fill('123');
  await clickPayInCheckout(page, frame, pay);
}

async function expectEnabled(locator: ReturnType<FrameLocator['getByTestId']>) {
  await expect.poll(() => locator.isEnabled(), { timeout: 30_000 }).toBe(true);
}

/**
 * Clicks a pay button in the checkout once the SDK shows the frame (its loading cover gone, as the shopper sees
 * it), and makes sure the click reached the checkout: the page's first act on a pay click is to change its status line.
 * Playwright checks that the frame is the hit target before it clicks, not at the click, so a shift of the
 * store's page in between (the frame taking its reported height) can land the click beside it, as a shopper's
 * click can; a shopper then clicks again, and so does this. A click that lands leaves the button busy, so a
 * second click cannot pay twice, and the balance is checked to rise exactly once.
 */
async function clickPayInCheckout(page: TrackedPage, frame: FrameLocator, pay: ReturnType<FrameLocator['getByTestId']>) {
  await expectEnabled(pay);
  await page.locator('[data-checkout-overlay]').waitFor({ state: 'hidden', timeout: 30_000 });
  const status = frame.getByTestId('checkout-status');
  const before = await status.textContent();
  for (let attempt = 1; ; attempt++) {
    await pay.click();
    if ((await status.textContent()) !== before) return;
    if (attempt === 3) throw new Error('Three clicks on the pay button did not reach the checkout.');
  }
}

/**
 * A wallet-standard Solana wallet registered in the store's page (supportedTransactionVersions legacy and 0):
 * its signTransaction asks Node, which signs with the Keypair whichever form it is handed, and notes the form.
 */
async function installSolanaWallet(page: TrackedPage, keypair: Keypair, seen: (number | 'legacy')[] = []) {
  await page.exposeFunction('__e2eSignSolana', (base64: string) => {
    const bytes = Buffer.from(base64, 'base64');
    const versioned = VersionedTransaction.deserialize(bytes);
    seen.push(versioned.version);
    if (versioned.version !== 'legacy') {
      versioned.sign([keypair]);
      return Buffer.from(versioned.serialize()).toString('base64');
    }
    const tx = Transaction.from(bytes);
    tx.partialSign(keypair);
    return tx.serialize({ requireAllSignatures: false, verifySignatures: false }).toString('base64');
  });
  await page.addInitScript(
    ({ address, publicKey }) => {
      if (window.top !== window) return;
      const toBase64 = (bytes: Uint8Array) => btoa(String.fromCharCode(...bytes));
      const fromBase64 = (text: string) => Uint8Array.from(atob(text), (c) => c.charCodeAt(0));
      const chains = ['solana:localnet'] as const;
      const account = { address, publicKey: new Uint8Array(publicKey), chains, features: ['solana:signTransaction'] as const };
      const sign = (window as unknown as { __e2eSignSolana(tx: string): Promise<string> }).__e2eSignSolana;
      const wallet = {
        version: '1.0.0' as const,
        name: 'E2E Solana Wallet',
        icon: 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciLz4=' as const,
        chains,
        accounts: [account],
        features: {
          'standard:connect': { version: '1.0.0', connect: async () => ({ accounts: [account] }) },
          'standard:events': { version: '1.0.0', on: () => () => {} },
          'solana:signTransaction': {
            version: '1.0.0',
            supportedTransactionVersions: ['legacy', 0],
            signTransaction: async (...inputs: { transaction: Uint8Array }[]) =>
              Promise.all(inputs.map(async ({ transaction }) => ({ signedTransaction: fromBase64(await sign(toBase64(transaction))) }))),
          },
        },
      };
      const callback = ({ register }: { register(w: unknown): void }) => register(wallet);
      window.addEventListener('wallet-standard:app-ready', (event) => callback((event as CustomEvent).detail));
      window.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: callback }));
    },
    { address: keypair.publicKey.toBase58(), publicKey: [...keypair.publicKey.toBytes()] },
  );
}

/**
 * An injected EIP-1193 wallet (window.ethereum) in the store's page: accounts and chain answered in the
 * page, eth_sendTransaction signed in Node with the viem account and sent to the local node.
 */
async function installEvmWallet(page: TrackedPage, privateKey: Hex, rpcUrl: () => string) {
  const account = privateKeyToAccount(privateKey);
  await page.exposeFunction('__e2eSendEvm', async (json: string) => {
    const tx = JSON.parse(json) as { to: Hex; data?: Hex; value?: Hex; chainId: number };
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
  await page.addInitScript((address) => {
    if (window.top !== window) return;
    let chainId = '0x1';
    const send = (window as unknown as { __e2eSendEvm(tx: string): Promise<string> }).__e2eSendEvm;
    (window as unknown as { ethereum: unknown }).ethereum = {
      async request({ method, params }: { method: string; params?: unknown[] }) {
        switch (method) {
          case 'eth_requestAccounts':
          case 'eth_accounts':
            return [address];
          case 'eth_chainId':
            return chainId;
          case 'wallet_switchEthereumChain':
            chainId = (params?.[0] as { chainId: string }).chainId;
            return null;
          case 'eth_sendTransaction': {
            const tx = params?.[0] as { to: string; data?: string; value?: string };
            return send(JSON.stringify({ to: tx.to, data: tx.data, value: tx.value, chainId: Number(chainId) }));
          }
          default:
            throw Object.assign(new Error(`${method} is not supported by the test wallet`), { code: 4200 });
        }
      },
      on() {},
      removeListener() {},
    };
  }, account.address);
}

describe('paying in the embedded checkout', () => {
  it('pays by card inside the embedded checkout (4111 1111 1111 1111): success page, balance up once', async () => {
    const order = await payPageWithEmbeddedCheckout();
    await order.page.getByTestId('embedded-pay-by-card').click();
    const { frame } = await checkoutFrame(order.page);
    // The store hands the frame the shopper's e-mail and billing address from their profile (issue 23).
    await frame.getByTestId('checkout-payer-email').waitFor({ timeout: 30_000 });
    expect(await frame.getByTestId('checkout-payer-email').inputValue()).toBe(order.email);
    expect(await frame.getByTestId('checkout-payer-city').inputValue()).toBe(E2E_BILLING_ADDRESS.city);
    expect(await frame.getByTestId('checkout-payer-country').inputValue()).toBe(E2E_BILLING_ADDRESS.country);
    await payByCardInFrame(order.page, frame, '4111111111111111');
    await expectPaidOnce(order);
  });

  it("a 3-D Secure card (4000 0000 0000 3220): the bank's check shows in the checkout, Approve pays once through the host's return page", async () => {
    const order = await payPageWithEmbeddedCheckout();
    await order.page.getByTestId('embedded-pay-by-card').click();
    const { frame } = await checkoutFrame(order.page);
    await payByCardInFrame(order.page, frame, '4000000000003220');
    // The checkout POSTs the challenge request to the bank's page in its own frame; the bank answers the host.
    await frame.frameLocator('#challenge-frame').getByRole('button', { name: 'Approve' }).click({ timeout: 30_000 });
    await expectPaidOnce(order);
  });

  it("a declined card (4000 0000 0000 0002) reaches the store's authDeclined: the reason shows on the pay page", async () => {
    const order = await payPageWithEmbeddedCheckout();
    order.page.allowHttpErrors(402);
    await order.page.getByTestId('embedded-pay-by-card').click();
    const { frame } = await checkoutFrame(order.page);
    await payByCardInFrame(order.page, frame, '4000000000000002');
    const declined = order.page.getByTestId('embedded-declined');
    await declined.waitFor({ timeout: 30_000 });
    expect(await declined.textContent()).toMatch(/^Your card was declined: .+/);
    expect(order.page.url()).toContain('/add-card/');
    expect(await purchasedCoins(baseURL, order.token)).toBe(order.coinsBefore);
  });

  it('a message posted from a foreign origin, or by another frame, does nothing', async () => {
    const order = await payPageWithEmbeddedCheckout();
    await order.page.getByTestId('embedded-pay-by-card').click();
    const { frame } = await checkoutFrame(order.page);
    await frame.getByTestId('checkout-pay-card').waitFor({ timeout: 30_000 });
    // "success" from another origin claiming to be the checkout frame, and from the store's own window with
    // the host's origin: the SDK takes a message only from its own frame and the host's origin.
    await order.page.evaluate(() => {
      const iframe = document.querySelector<HTMLIFrameElement>('iframe[title=Checkout]')!;
      const hostOrigin = new URL(iframe.src).origin;
      const data = JSON.stringify({
        method: 'success',
        info: { sessionId: 'forged', reference: 'forged', method: 'card', amountCents: 1, currency: 'USD' },
      });
      window.dispatchEvent(new MessageEvent('message', { origin: 'http://evil.example', source: iframe.contentWindow, data }));
      window.dispatchEvent(new MessageEvent('message', { origin: hostOrigin, source: window, data }));
      window.postMessage(data, '*');
    });
    // Past the posted message's delivery and a frame of rendering: still on the pay page, nothing credited.
    await order.page.evaluate(() => new Promise((resolve) => setTimeout(() => requestAnimationFrame(resolve), 0)));
    expect(order.page.url()).toContain('/add-card/');
    expect(await purchasedCoins(baseURL, order.token)).toBe(order.coinsBefore);
    // The real checkout still works afterwards.
    await payByCardInFrame(order.page, frame, '4111111111111111');
    await expectPaidOnce(order);
  });

  it(
    'pays with USDC from a Solana wallet (wallet-standard, a v0 transaction): success page, balance up once',
    async () => {
      const keypair = Keypair.generate();
      const seen: (number | 'legacy')[] = [];
      const order = await payPageWithEmbeddedCheckout((page) => installSolanaWallet(page, keypair, seen));
      await order.page.getByLabel('Blockchain').selectOption('solana');
      await order.page.getByTestId('embedded-connect-wallet').click();
      const { frame, hostOrigin } = await checkoutFrame(order.page);
      await faucet(hostOrigin, 'solana', keypair.publicKey.toBase58(), 100_00);
      await clickPayInCheckout(order.page, frame, frame.getByTestId('checkout-pay-usdc'));
      await expectPaidOnce(order);
      expect(seen).toEqual([0]);
    },
    CHAIN_PAYMENT_TIMEOUT_MS,
  );

  it(
    'pays with USDC on an EVM chain (Base) from an injected wallet: success page, balance up once',
    async () => {
      const privateKey = generatePrivateKey();
      let rpcUrl = '';
      const order = await payPageWithEmbeddedCheckout((page) => installEvmWallet(page, privateKey, () => rpcUrl));
      await order.page.getByLabel('Blockchain').selectOption('base');
      await order.page.getByTestId('embedded-connect-wallet').click();
      const { frame, hostOrigin } = await checkoutFrame(order.page);
      const funded = await faucet(hostOrigin, 'base', privateKeyToAccount(privateKey).address, 100_00);
      expect(funded.rpcUrl, "the host's faucet names the local node's RPC URL").toBeTruthy();
      rpcUrl = funded.rpcUrl!;
      await clickPayInCheckout(order.page, frame, frame.getByTestId('checkout-pay-usdc'));
      await expectPaidOnce(order);
    },
    CHAIN_PAYMENT_TIMEOUT_MS,
  );
});
