// The purchase-v2 page in a real browser (Chromium through playwright-core), framed by a merchant page on
// another origin that answers the frame protocol as the SDK would: it signs with a real Solana Keypair. The
// page must post only to the merchant origin, pay only the session's amount, and report what happened.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Keypair, Transaction, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { compressParam } from '@store/checkout-sdk/protocol';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { fraudChecksOf } from '@store/checkout-host/testing';
import type { MerchantCredentials } from '@store/checkout-host';
import { freePort } from '../support/ports.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
let t: TestApp;
let merchant: MerchantCredentials;
let shop: http.Server;
let shopOrigin: string;
let storeOrigin: string;

let browser: Browser;
const MERCHANT_CSS = 'h1 { color: rgb(1, 2, 3); letter-spacing: 7px; }';
/** Any console error in the merchant page or the frames fails the test (checked after each). */
let consoleErrors: string[] = [];

/** The merchant's page: the checkout frame, and the host side of the protocol (messages logged on window.log). */
const shopPage = (hostOrigin: string) => `<!doctype html><html><body>
<iframe id="checkout" style="width:480px;height:700px" allow="payment; clipboard-write"></iframe>
<script>
window.log = [];
const frame = document.getElementById('checkout');
window.addEventListener('message', async (event) => {
  if (event.origin !== ${JSON.stringify(hostOrigin)} || event.source !== frame.contentWindow) return;
  const message = JSON.parse(event.data);
  window.log.push(message);
  if (message.method === 'signTransaction') {
    try { event.source.postMessage(await window.signSolana(message.data), event.origin); }
    catch (err) { event.source.postMessage('ERROR ' + err.message, event.origin); }
  }
});
frame.src = new URLSearchParams(location.search).get('src');
</script></body></html>`;

/** The versions of Solana transaction the merchant page's wallet was handed ('legacy', 0), in order; a refused one too. */
let walletSaw: (number | 'legacy')[] = [];

/**
 * The wallet signs as the published SDK's handler has it do: whichever form it is given. A legacy-only wallet
 * refuses a versioned one in the wallet adapters' words, which the SDK passes on as 'ERROR …'.
 */
function signAsWallet(base58: string, signer: Keypair, legacyOnly: boolean): string {
  const bytes = bs58.decode(base58);
  const versioned = VersionedTransaction.deserialize(bytes);
  walletSaw.push(versioned.version);
  if (versioned.version !== 'legacy') {
    if (legacyOnly) throw new Error(`Sending transaction version ${versioned.version} isn't supported by this wallet`);
    versioned.sign([signer]);
    return bs58.encode(versioned.serialize());
  }
  const tx = Transaction.from(bytes);
  tx.partialSign(signer);
  return bs58.encode(tx.serialize());
}

async function openCheckout(query: Record<string, string>, signer?: Keypair, legacyOnly = false): Promise<Page> {
  const page = await browser.newPage();
  page.on('pageerror', (err) => consoleErrors.push(err.message));
  page.on('console', (msg) => {
    if (msg.type() === 'error') consoleErrors.push(msg.text());
  });
  if (signer) await page.exposeFunction('signSolana', (base58: string) => signAsWallet(base58, signer, legacyOnly));
  const url = new URL(`${t.app.checkoutHost.origin()}/solana/purchase-v2/${merchant.merchantId}`);
  for (const [k, v] of Object.entries({ origins: compressParam([shopOrigin]), useHeightChange: 'true', handlerId: 'h1', ...query }))
    url.searchParams.set(k, v);
  await page.goto(`${shopOrigin}/?src=${encodeURIComponent(url.href)}`);
  return page;
}

/**
 * What the page posted to the merchant page. Every message carries a string method and a string data (the
 * published @coinflowlabs/react SDK ignores a message without data), checked on every read.
 */
const messages = async (page: Page) => {
  const log = await page.evaluate(() => (globalThis as unknown as { log: { method: string; data: string; info?: unknown }[] }).log);
  for (const m of log)
    expect(m, JSON.stringify(m)).toEqual(expect.objectContaining({ method: expect.any(String), data: expect.any(String) }));
  return log;
};

async function newSession(amountCents: number) {
  const res = await fetch(`${t.app.checkoutHost.origin()}/api/merchants/${merchant.merchantId}/sessions`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-merchant-key': merchant.apiKey },
    body: JSON.stringify({
      reference: `b-${Date.now()}-${Math.random()}`,
      amountCents,
      currency: 'USD',
      customer: { id: 'u', email: 'mei@example.com' },
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { sessionId: string; sessionKey: string };
}

beforeAll(async () => {
  shop = http.createServer((req, res) => {
    // The merchant's stylesheet (its origin is allow-listed below).
    if (req.url === '/merchant.css') return res.writeHead(200, { 'content-type': 'text/css' }).end(MERCHANT_CSS);
    res.writeHead(200, { 'content-type': 'text/html' }).end(shopPage(t.app.checkoutHost.origin()));
  });
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  shopOrigin = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  // The store listens too: the sandbox bank's 3-D Secure page (the issuer's ACS) is its, and the merchant
  // page (here another origin) may frame it inside the checkout as the store's own pages may.
  const storePort = await freePort();
  storeOrigin = `http://127.0.0.1:${storePort}`;
  t = await buildTestApp({
    BROWSER_BASE: storeOrigin,
    STORE_ORIGINS: [storeOrigin, shopOrigin],
    CHECKOUT_MERCHANT_CSS_ORIGINS: [shopOrigin],
  });
  await t.app.listen({ port: storePort, host: '127.0.0.1' });
  merchant = await t.app.checkoutHost.ensureMerchant({
    id: 'browser-shop',
    name: 'Browser Shop',
    allowedOrigins: [shopOrigin],
    webhookUrl: 'http://127.0.0.1:9/none',
  });
  browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu'] });
}, 60_000);
afterAll(async () => {
  await browser?.close();
  await t?.close();
  shop?.close();
});

afterEach(() => {
  const seen = consoleErrors;
  consoleErrors = [];
  expect(seen).toEqual([]);
});

describe('the purchase-v2 page in a browser', () => {
  it('pays USDC from a Solana wallet the merchant page signs with (a v0 transaction), and tells the merchant page', async () => {
    walletSaw = [];
    const payer = Keypair.generate();
    const adapter = await t.app.checkoutHost.chains.get('solana');
    await adapter.faucet!(payer.publicKey.toBase58(), 50_000_000n);
    const s = await newSession(1999);
    const page = await openCheckout({ sessionKey: s.sessionKey, pubkey: payer.publicKey.toBase58(), presentment: 'EUR' }, payer);
    const frame = page.frameLocator('#checkout');
    await expect.poll(() => frame.getByTestId('checkout-amount').textContent(), { timeout: 20_000 }).toContain('€');
    await frame.getByTestId('checkout-pay-usdc').click();
    await expect.poll(() => frame.getByTestId('checkout-status').textContent(), { timeout: 20_000 }).toBe('Payment received. Thank you!');
    const log = await messages(page);
    expect(log.map((m) => m.method)).toEqual(expect.arrayContaining(['loaded', 'heightChange:h1', 'signTransaction', 'success']));
    expect(Number(log.find((m) => m.method === 'heightChange:h1')!.data)).toBeGreaterThan(0);
    const paid = log.find((m) => m.method === 'success')!.info as { txId: string };
    expect(paid).toMatchObject({
      paymentId: s.sessionId,
      hash: paid.txId,
      sessionId: s.sessionId,
      method: 'usdc',
      chain: 'solana',
      amountCents: 1999,
      currency: 'USD',
    });
    expect(walletSaw).toEqual([0]);
    await page.close();
  }, 60_000);

  it('a wallet that refuses a v0 transaction is asked to sign a legacy one for the same payment, which pays', async () => {
    walletSaw = [];
    const payer = Keypair.generate();
    const adapter = await t.app.checkoutHost.chains.get('solana');
    await adapter.faucet!(payer.publicKey.toBase58(), 50_000_000n);
    const s = await newSession(1500);
    const page = await openCheckout({ sessionKey: s.sessionKey, pubkey: payer.publicKey.toBase58() }, payer, true);
    const frame = page.frameLocator('#checkout');
    await frame.getByTestId('checkout-pay-usdc').click({ timeout: 20_000 });
    await expect.poll(() => frame.getByTestId('checkout-status').textContent(), { timeout: 20_000 }).toBe('Payment received. Thank you!');
    expect(walletSaw).toEqual([0, 'legacy']);
    const log = await messages(page);
    expect(log.filter((m) => m.method === 'signTransaction')).toHaveLength(2);
    expect(log.filter((m) => m.method === 'success')).toHaveLength(1);
    expect(await adapter.sandboxUsdcBalance!(payer.publicKey.toBase58())).toBe(50_000_000n - 15_000_000n);
    await page.close();
  }, 60_000);

  it('reports height as the published SDK asks for it: useHeightChange={id} without handlerId posts heightChange:{id}', async () => {
    const s = await newSession(1200);
    const page = await openCheckout({ sessionKey: s.sessionKey, useHeightChange: 'sdk-7', handlerId: '' });
    await expect.poll(async () => (await messages(page)).map((m) => m.method), { timeout: 20_000 }).toContain('loaded');
    await expect.poll(async () => (await messages(page)).map((m) => m.method), { timeout: 20_000 }).toContain('heightChange:sdk-7');
    const heights = (await messages(page)).filter((m) => m.method.startsWith('heightChange'));
    expect(heights.every((m) => m.method === 'heightChange:sdk-7' && Number(m.data) > 0)).toBe(true);
    await page.close();
  }, 60_000);

  it('refuses a link whose amount differs from the session, offering nothing to pay', async () => {
    const s = await newSession(1000);
    const page = await openCheckout({ sessionKey: s.sessionKey, cents: '1', currency: 'USD' });
    const frame = page.frameLocator('#checkout');
    await expect.poll(() => frame.getByTestId('checkout-status').textContent(), { timeout: 20_000 }).toContain('does not match');
    expect(await frame.getByTestId('checkout-pay-card').isVisible()).toBe(false);
    expect(await frame.getByTestId('checkout-pay-usdc').isVisible()).toBe(false);
    await page.close();
  }, 60_000);

  it('takes a card in the vault frames: a decline reaches the merchant page as authDeclined, then another card pays', async () => {
    const s = await newSession(2500);
    const page = await openCheckout({ sessionKey: s.sessionKey });
    const frame = page.frameLocator('#checkout');
    const card = frame.frameLocator('[data-testid=card-field-card-number]');
    await card.locator('#number').fill('4000000000000002', { timeout: 20_000 });
    await card.locator('#expiry').fill('12/34');
    await card.locator('#cvv').fill('123');
    await expect.poll(() => frame.getByTestId('checkout-pay-card').isEnabled(), { timeout: 20_000 }).toBe(true);
    await frame.getByTestId('checkout-pay-card').click();
    await expect.poll(() => frame.getByTestId('checkout-status').textContent(), { timeout: 20_000 }).toContain('declined');
    expect((await messages(page)).find((m) => m.method === 'authDeclined')!.info).toMatchObject({
      title: 'Card declined',
      code: 'CARD_DECLINED',
      action: 'Try another card.',
      message: expect.any(String),
      total: '$25.00',
      sessionId: s.sessionId,
    });
    await card.locator('#number').fill('4111111111111111');
    await frame.getByTestId('checkout-pay-card').click();
    await expect.poll(() => frame.getByTestId('checkout-status').textContent(), { timeout: 20_000 }).toBe('Payment received. Thank you!');
    expect((await messages(page)).find((m) => m.method === 'success')!.info).toMatchObject({
      paymentId: s.sessionId,
      method: 'card',
      amountCents: 2500,
    });
    await page.close();
  }, 60_000);

  it("sends the URL's deviceId with the card: a device the fraud check flags is declined, the merchant page told, the checkout closed", async () => {
    const s = await newSession(2600);
    const page = await openCheckout({ sessionKey: s.sessionKey, deviceId: 'fraud_deny_browser1' });
    const frame = page.frameLocator('#checkout');
    const card = frame.frameLocator('[data-testid=card-field-card-number]');
    await card.locator('#number').fill('4111111111111111', { timeout: 20_000 });
    await card.locator('#expiry').fill('12/34');
    await card.locator('#cvv').fill('123');
    await expect.poll(() => frame.getByTestId('checkout-pay-card').isEnabled(), { timeout: 20_000 }).toBe(true);
    await frame.getByTestId('checkout-pay-card').click();
    const reason = 'This payment could not be accepted. Contact the merchant if you think this is a mistake.';
    await expect.poll(() => frame.getByTestId('checkout-status').textContent(), { timeout: 20_000 }).toBe(reason);
    expect(await frame.getByTestId('checkout-pay-card').isVisible()).toBe(false);
    const told = (await messages(page)).filter((m) => m.method === 'success' || m.method === 'authDeclined');
    expect(told).toEqual([
      {
        method: 'authDeclined',
        data: 'FRAUD_DECLINED',
        info: expect.objectContaining({
          title: 'Payment declined',
          code: 'FRAUD_DECLINED',
          action: 'Contact the merchant if you think this is a mistake.',
          message: reason,
          total: '$26.00',
          sessionId: s.sessionId,
        }),
      },
    ]);
    // The id the page was given is the one checked and stored.
    expect(await fraudChecksOf(t.database.db, s.sessionId)).toMatchObject([{ deviceId: 'fraud_deny_browser1', decision: 'decline' }]);
    await page.close();
  }, 60_000);

  it.each([
    ['approves', 'Approve', 'Payment received. Thank you!', 'success'],
    ['fails', 'Fail', 'Your card was declined', 'authDeclined'],
  ] as const)(
    "3-D Secure: the page POSTs the bank's check into its frame; the shopper %s there; the host's return page ends the payment",
    async (_what, button, statusText, message) => {
      const s = await newSession(3000);
      const page = await openCheckout({ sessionKey: s.sessionKey, threeDsChallengePreference: 'Challenge' });
      const frame = page.frameLocator('#checkout');
      const card = frame.frameLocator('[data-testid=card-field-card-number]');
      await card.locator('#number').fill('4000000000003220', { timeout: 20_000 });
      await card.locator('#expiry').fill('12/34');
      await card.locator('#cvv').fill('123');
      await expect.poll(() => frame.getByTestId('checkout-pay-card').isEnabled(), { timeout: 20_000 }).toBe(true);
      await frame.getByTestId('checkout-pay-card').click();
      await expect.poll(() => frame.getByTestId('checkout-status').textContent(), { timeout: 20_000 }).toContain('bank');
      // The bank's own page, opened by the page's POST of the creq (a link would be refused), in the checkout's frame.
      const bank = frame.frameLocator('#challenge-frame');
      await bank.getByRole('button', { name: button }).click({ timeout: 20_000 });
      await expect.poll(() => frame.getByTestId('checkout-status').textContent(), { timeout: 20_000 }).toContain(statusText);
      const told = (await messages(page)).filter((m) => m.method === 'success' || m.method === 'authDeclined');
      expect(told.map((m) => m.method)).toEqual([message]);
      expect(told[0]!.info).toMatchObject({ sessionId: s.sessionId });
      await page.close();
    },
    60_000,
  );
});

/** The computed values of CSS properties of the element (custom properties too), read in the page. */
const computed = (locator: Locator, properties: string[]) =>
  locator.evaluate((element, names) => {
    // Runs in the browser (this file is type-checked without the DOM library).
    const view = globalThis as unknown as { getComputedStyle(e: unknown): { getPropertyValue(name: string): string } };
    const css = view.getComputedStyle(element);
    return Object.fromEntries(names.map((name) => [name, css.getPropertyValue(name).trim()]));
  }, properties);

describe('the page honours its parameters, and names each one it cannot apply', () => {
  /** The inputError messages the page posted (the published SDK hands their info to onInputError). */
  const inputErrors = async (page: Page) =>
    (await messages(page)).filter((m) => m.method === 'inputError').map((m) => m.info as { field: string; message: string });

  it('prefills the payer fields from customerInfo and email, and sends them with the card payment', async () => {
    const s = await newSession(1500);
    const customerInfo = {
      firstName: 'Mei',
      lastName: 'Chen',
      address: '1 Main St',
      city: 'Austin',
      state: 'TX',
      zip: '78701',
      country: 'US',
    };
    const page = await openCheckout({
      sessionKey: s.sessionKey,
      customerInfo: compressParam(customerInfo),
      email: 'mei.chen@example.com',
      supportEmail: 'help@shop.example',
    });
    const frame = page.frameLocator('#checkout');
    await expect.poll(() => frame.getByTestId('checkout-payer-first-name').inputValue(), { timeout: 20_000 }).toBe('Mei');
    expect(await frame.getByTestId('checkout-payer-last-name').inputValue()).toBe('Chen');
    expect(await frame.getByTestId('checkout-payer-email').inputValue()).toBe('mei.chen@example.com');
    expect(await frame.getByTestId('checkout-payer-address').inputValue()).toBe('1 Main St');
    expect(await frame.getByTestId('checkout-payer-zip').inputValue()).toBe('78701');
    expect(await frame.getByTestId('checkout-payer-country').inputValue()).toBe('US');
    // supportEmail: a contact link.
    expect(await frame.getByTestId('checkout-support').getAttribute('href')).toBe('mailto:help@shop.example');
    expect(await frame.getByTestId('checkout-support').isVisible()).toBe(true);
    // The shopper corrects the city; the payment carries the payer as the fields show it.
    await frame.getByTestId('checkout-payer-city').fill('Round Rock');
    const card = frame.frameLocator('[data-testid=card-field-card-number]');
    await card.locator('#number').fill('4111111111111111', { timeout: 20_000 });
    await card.locator('#expiry').fill('12/34');
    await card.locator('#cvv').fill('123');
    await expect.poll(() => frame.getByTestId('checkout-pay-card').isEnabled(), { timeout: 20_000 }).toBe(true);
    const sent = page.waitForRequest((r) => r.url().endsWith('/api/checkout/card') && r.method() === 'POST');
    await frame.getByTestId('checkout-pay-card').click();
    expect((await sent).postDataJSON()).toMatchObject({
      email: 'mei.chen@example.com',
      customerInfo: { ...customerInfo, city: 'Round Rock' },
    });
    await expect.poll(() => frame.getByTestId('checkout-status').textContent(), { timeout: 20_000 }).toBe('Payment received. Thank you!');
    expect(await inputErrors(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('restyles itself from theme, color and loaderBackground (computed styles)', async () => {
    const s = await newSession(1100);
    const page = await openCheckout({
      sessionKey: s.sessionKey,
      color: 'black',
      theme: compressParam({ primary: '#d4252a', backgroundAccent: 'rgb(10, 20, 30)', style: 'pill' }),
      loaderBackground: '#123456',
    });
    const frame = page.frameLocator('#checkout');
    await expect.poll(() => frame.getByTestId('checkout-pay-card').isVisible(), { timeout: 20_000 }).toBe(true);
    const button = await computed(frame.getByTestId('checkout-pay-card'), ['background-color', 'border-radius']);
    const section = await computed(frame.locator('#card-section'), ['background-color']);
    const body = await computed(frame.locator('body'), ['background-color', 'color']);
    const root = await computed(frame.locator('html'), ['--loader-bg']);
    const style = {
      button: button['background-color'],
      radius: button['border-radius'],
      section: section['background-color'],
      page: body['background-color'],
      text: body.color,
      loader: root['--loader-bg'],
    };
    expect(style).toEqual({
      button: 'rgb(212, 37, 42)',
      radius: '999px',
      section: 'rgb(10, 20, 30)',
      page: 'rgb(0, 0, 0)',
      text: 'rgb(250, 250, 250)',
      loader: '#123456',
    });
    expect(await inputErrors(page)).toEqual([]);
    await page.close();
  }, 60_000);

  it('refuses a payment method it does not offer, and a parameter it cannot apply, by name (inputError), and offers the rest', async () => {
    const s = await newSession(1300);
    const page = await openCheckout({ sessionKey: s.sessionKey, allowedPaymentMethods: 'card,sepa,venmo', planCode: 'gold' });
    const frame = page.frameLocator('#checkout');
    await expect.poll(async () => (await inputErrors(page)).length, { timeout: 20_000 }).toBe(3);
    expect(await inputErrors(page)).toEqual(
      expect.arrayContaining([
        { field: 'planCode', message: 'planCode: subscriptions are not offered here.' },
        { field: 'allowedPaymentMethods', message: expect.stringContaining('allowedPaymentMethods: sepa is not offered by this checkout') },
        {
          field: 'allowedPaymentMethods',
          message: expect.stringContaining('allowedPaymentMethods: venmo is not offered by this checkout'),
        },
      ]),
    );
    // Shown on the page too.
    const notices = await frame.getByTestId('checkout-notices').textContent();
    expect(notices).toContain('sepa is not offered');
    expect(notices).toContain('venmo is not offered');
    expect(notices).toContain('planCode');
    // The methods asked for that the host offers are offered; the others are not.
    await expect.poll(() => frame.getByTestId('checkout-pay-card').isVisible(), { timeout: 20_000 }).toBe(true);
    expect(await frame.getByTestId('checkout-pay-usdc').isVisible()).toBe(false);
    await page.close();
  }, 60_000);

  it('loads merchantCss from an allowed origin, and refuses one from any other origin by name', async () => {
    const allowed = await newSession(1400);
    const page = await openCheckout({ sessionKey: allowed.sessionKey, merchantCss: `${shopOrigin}/merchant.css` });
    const frame = page.frameLocator('#checkout');
    await expect.poll(async () => (await computed(frame.locator('h1'), ['color'])).color, { timeout: 20_000 }).toBe('rgb(1, 2, 3)');
    expect(await inputErrors(page)).toEqual([]);
    await page.close();

    const other = await newSession(1400);
    const refusedPage = await openCheckout({ sessionKey: other.sessionKey, merchantCss: `${storeOrigin}/merchant.css` });
    const refusedFrame = refusedPage.frameLocator('#checkout');
    await expect.poll(async () => (await inputErrors(refusedPage)).map((e) => e.field), { timeout: 20_000 }).toEqual(['merchantCss']);
    expect((await inputErrors(refusedPage))[0]!.message).toBe(
      `merchantCss: stylesheets are loaded only from ${shopOrigin}; ${storeOrigin} is not one of them.`,
    );
    expect(await refusedFrame.getByTestId('checkout-notices').textContent()).toContain(storeOrigin);
    expect(await refusedFrame.locator('link[rel=stylesheet]').count()).toBe(0);
    expect((await computed(refusedFrame.locator('h1'), ['letter-spacing']))['letter-spacing']).not.toBe('7px');
    await refusedPage.close();
  }, 60_000);
});
