// The hosted checkout through its own HTTP port, as a merchant's server and the purchase-v2 page call it:
// merchant API, page API, the page itself, USDC on the in-process Solana chain (litesvm) and on a local
// anvil node, card payments through the sandbox card provider, bank-account (ACH) debits through the ACH
// sandbox, and the signed merchant webhook.
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Keypair, Transaction, VersionedTransaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { sql } from 'drizzle-orm';
import { checkoutWebhookOutbox } from '@store/checkout-host/testing';
import { createWalletClient, defineChain, http as viemHttp, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { achControl, SANDBOX_ACCOUNTS, SANDBOX_ROUTING } from '../support/ach.ts';
import { BROWSER_DETAILS } from '../support/payments.ts';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { postTokenize, tokenizeCard } from '../support/vault.ts';
import { checkCheckoutSignature } from '../../src/providers/payments/coinflow/signature.ts';
import { findChainPayment, latestBankAttempt } from '@store/checkout-host/testing';
import type { MerchantCredentials } from '@store/checkout-host';

const SHOP = 'https://shop.example';
let t: TestApp;
let merchant: MerchantCredentials;
let webhook: http.Server;
const received: { headers: http.IncomingHttpHeaders; body: string }[] = [];
let failNextWebhooks = 0;

const host = (path: string) => `${t.app.checkoutHost.origin().replace('localhost', '127.0.0.1')}${path}`;

async function call(
  method: string,
  path: string,
  opts: { key?: string; session?: string; body?: unknown; headers?: Record<string, string> } = {},
) {
  const res = await fetch(host(path), {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.key ? { 'x-merchant-key': opts.key } : {}),
      ...(opts.session ? { 'x-session-key': opts.session } : {}),
      ...opts.headers,
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  let json: Record<string, unknown> = {};
  try {
    json = JSON.parse(text) as Record<string, unknown>;
  } catch {
    /* html */
  }
  return { status: res.status, json, text, headers: res.headers };
}

let refs = 0;
async function newSession(amountCents = 1234, extra: Record<string, unknown> = {}) {
  const reference = `order-${++refs}-${Date.now()}`;
  const res = await call('POST', `/api/merchants/${merchant.merchantId}/sessions`, {
    key: merchant.apiKey,
    body: { reference, amountCents, currency: 'USD', customer: { id: 'u1', email: 'mei@example.com' }, ...extra },
  });
  expect(res.status, res.text).toBe(201);
  return { reference, sessionId: res.json.sessionId as string, sessionKey: res.json.sessionKey as string };
}

beforeAll(async () => {
  webhook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      if (failNextWebhooks > 0) {
        failNextWebhooks--;
        res.writeHead(500).end();
        return;
      }
      received.push({ headers: req.headers, body });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => webhook.listen(0, '127.0.0.1', r));
  t = await buildTestApp();
  merchant = await t.app.checkoutHost.ensureMerchant({
    id: 'test-shop',
    name: 'Test Shop',
    allowedOrigins: [SHOP],
    webhookUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`,
    nSurePartnerId: 'partner-7',
  });
}, 60_000);
afterAll(async () => {
  await t?.close();
  webhook?.close();
});

describe('merchant API', () => {
  it('refuses a missing or wrong key, and gives the same credentials for the same merchant', async () => {
    const body = { reference: 'r-auth', amountCents: 100, currency: 'USD', customer: { id: 'u', email: 'a@example.com' } };
    expect((await call('POST', '/api/merchants/test-shop/sessions', { body })).status).toBe(401);
    expect((await call('POST', '/api/merchants/test-shop/sessions', { body, key: merchant.apiKey + 'x' })).status).toBe(401);
    const other = await t.app.checkoutHost.ensureMerchant({
      id: 'other-shop',
      name: 'O',
      allowedOrigins: [],
      webhookUrl: 'http://127.0.0.1:9/x',
    });
    expect((await call('POST', '/api/merchants/test-shop/sessions', { body, key: other.apiKey })).status).toBe(401);
    const again = await t.app.checkoutHost.ensureMerchant({
      id: 'test-shop',
      name: 'Test Shop',
      allowedOrigins: [SHOP],
      webhookUrl: 'http://x.example/h',
    });
    expect(again).toEqual({ ...merchant });
    // Put the webhook back.
    await t.app.checkoutHost.ensureMerchant({
      id: 'test-shop',
      name: 'Test Shop',
      allowedOrigins: [SHOP],
      webhookUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`,
      nSurePartnerId: 'partner-7',
    });
  });

  it.each([
    [{ amountCents: -5 }, 'amountCents'],
    [{ amountCents: 10.5 }, 'amountCents'],
    [{ currency: 'EUR' }, 'currency'],
    [{ reference: 'x'.repeat(129) }, 'reference'],
    [{ customer: { id: 'u', email: 'not-mail' } }, 'customer.email'],
    [{ allowedPaymentMethods: ['wire'] }, 'allowedPaymentMethods.0'],
    [{ surprise: 1 }, 'surprise'],
  ])('refuses %j with 400 naming %s, creating nothing', async (change, field) => {
    const body = { reference: `bad-${field}`, amountCents: 100, currency: 'USD', customer: { id: 'u', email: 'a@example.com' }, ...change };
    const res = await call('POST', '/api/merchants/test-shop/sessions', { key: merchant.apiKey, body });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, field });
    const looked = await call('GET', `/api/merchants/test-shop/sessions/by-reference/bad-${field}`, { key: merchant.apiKey });
    expect(looked.status).toBe(404);
  });

  it('rotates the key of an open session: same id, the old key stops working; another amount is 409', async () => {
    const first = await newSession(500);
    const again = await call('POST', `/api/merchants/test-shop/sessions`, {
      key: merchant.apiKey,
      body: { reference: first.reference, amountCents: 500, currency: 'USD', customer: { id: 'u1', email: 'mei@example.com' } },
    });
    expect(again.status).toBe(201);
    expect(again.json.sessionId).toBe(first.sessionId);
    expect(again.json.sessionKey).not.toBe(first.sessionKey);
    expect((await call('GET', '/api/checkout/session', { session: first.sessionKey })).status).toBe(401);
    const now = await call('GET', '/api/checkout/session', { session: again.json.sessionKey as string });
    expect(now.status).toBe(200);
    expect(now.json).toMatchObject({ sessionId: first.sessionId, amountCents: 500, currency: 'USD', status: 'open' });
    const other = await call('POST', `/api/merchants/test-shop/sessions`, {
      key: merchant.apiKey,
      body: { reference: first.reference, amountCents: 501, currency: 'USD', customer: { id: 'u1', email: 'mei@example.com' } },
    });
    expect(other.status).toBe(409);
    expect(other.json.field).toBe('amountCents');
    const looked = await call('GET', `/api/merchants/test-shop/sessions/by-reference/${first.reference}`, { key: merchant.apiKey });
    expect(looked.json).toMatchObject({ sessionId: first.sessionId, status: 'open', amountCents: 500, currency: 'USD' });
  });

  it('refuses a tampered session key', async () => {
    const s = await newSession();
    const tampered = s.sessionKey.slice(0, -2) + (s.sessionKey.endsWith('AA') ? 'BB' : 'AA');
    const res = await call('GET', '/api/checkout/session', { session: tampered });
    expect(res.status).toBe(401);
    expect(res.json).toMatchObject({ code: 'SESSION_KEY_INVALID', field: 'sessionKey' });
    expect(
      (
        await call('POST', '/api/checkout/card', {
          session: tampered,
          body: { browserDetails: BROWSER_DETAILS, cardToken: 'card_abcdefgh1234' },
        })
      ).status,
    ).toBe(401);
  });
});

describe('merchant view and the page', () => {
  it('answers the partner id, 404 for an unknown merchant', async () => {
    const res = await call('GET', '/merchant/view/test-shop');
    expect(res.status).toBe(200);
    // At the top level, where the published SDK (and SPEC §7) reads nSureSettings.nSurePartnerId / nSurePartnerId.
    expect(res.json).toEqual({
      merchantId: 'test-shop',
      name: 'Test Shop',
      nSureSettings: { nSurePartnerId: 'partner-7' },
      nSurePartnerId: 'partner-7',
    });
    expect((await call('GET', '/merchant/view/nobody')).status).toBe(404);
  });

  it('serves purchase-v2 framable only by the merchant origins, with its built script', async () => {
    for (const path of ['/solana/purchase-v2/test-shop', '/shop/base/purchase-v2/test-shop', '/user/purchase-v2/test-shop']) {
      const res = await call('GET', `${path}?sessionKey=x`);
      expect(res.status, path).toBe(200);
      const csp = res.headers.get('content-security-policy')!;
      expect(csp).toContain(`frame-ancestors ${SHOP}`);
      // Its forms go only to the card provider's 3-D Secure pages (the sandbox bank's: the store's origins).
      const formAction = /form-action ([^;]+)/.exec(csp)![1]!.split(' ');
      expect(formAction).toEqual(expect.arrayContaining(t.app.config.STORE_ORIGINS));
      expect(formAction).not.toContain('https:');
      expect(formAction).not.toContain('*');
      expect(res.text).toContain('data-testid="checkout-status"');
    }
    expect((await call('GET', '/dogecoin/purchase-v2/test-shop')).status).toBe(404);
    expect((await call('GET', '/solana/purchase-v2/nobody')).status).toBe(404);
    // The script the page loads is the file `npm run build` wrote, under a name that changes with its content.
    const page = await call('GET', '/solana/purchase-v2/test-shop?sessionKey=x');
    const src = /<script src="([^"]+)"><\/script>/.exec(page.text)![1]!;
    expect(src).toMatch(/^\/checkout-page\/page\.[0-9a-f]{16}\.js$/);
    const script = await call('GET', src);
    expect(script.status).toBe(200);
    expect(script.headers.get('content-type')).toContain('javascript');
    expect(script.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(script.text).toBe(fs.readFileSync(t.app.config.CHECKOUT_PAGE_SCRIPT, 'utf8'));
    expect(script.text).toContain('heightChange:');
    expect(page.headers.get('cache-control')).toBe('no-store');
    // Only the current build's name is served.
    expect((await call('GET', '/checkout-page/page.js')).status).toBe(404);
    expect((await call('GET', '/checkout-page/page.0123456789abcdef.js')).status).toBe(404);
  }, 60_000);
});

describe('USDC on Solana (litesvm)', () => {
  async function fundedPayer(usdcCents: number) {
    const payer = Keypair.generate();
    const res = await call('POST', '/sandbox/faucet', {
      body: { chain: 'solana', address: payer.publicKey.toBase58(), usdcCents },
      headers: { host: 'localhost' },
    });
    expect(res.status, res.text).toBe(200);
    return payer;
  }
  /** Signs as a wallet does, whichever form it is given: a v0 VersionedTransaction or a legacy Transaction. */
  const sign = (base58: string, payer: Keypair) => {
    const bytes = bs58.decode(base58);
    const versioned = VersionedTransaction.deserialize(bytes);
    if (versioned.version !== 'legacy') {
      versioned.sign([payer]);
      return bs58.encode(versioned.serialize());
    }
    const tx = Transaction.from(bytes);
    tx.partialSign(payer);
    return bs58.encode(tx.serialize());
  };

  it('pays a session: prepare, the wallet signs, the host submits and waits; webhook signed and delivered', async () => {
    const payer = await fundedPayer(10_000);
    const s = await newSession(1234);
    const prepared = await call('POST', '/api/checkout/usdc/prepare', {
      session: s.sessionKey,
      body: { chain: 'solana', payer: payer.publicKey.toBase58() },
    });
    expect(prepared.status, prepared.text).toBe(200);
    expect(prepared.json.amountBaseUnits).toBe('12340000');
    const paid = await call('POST', '/api/checkout/usdc/submit', {
      session: s.sessionKey,
      body: { paymentId: prepared.json.paymentId, signedTransaction: sign(prepared.json.transaction as string, payer) },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json).toMatchObject({
      status: 'paid',
      info: { sessionId: s.sessionId, reference: s.reference, method: 'usdc', chain: 'solana', amountCents: 1234, currency: 'USD' },
    });
    const looked = await call('GET', `/api/merchants/test-shop/sessions/by-reference/${s.reference}`, { key: merchant.apiKey });
    expect(looked.json).toMatchObject({ status: 'paid', method: 'usdc', chain: 'solana', txId: (paid.json.info as { txId: string }).txId });
    const adapter = await t.app.checkoutHost.chains.get('solana');
    const recipient = (await t.app.checkoutHost.service.findMerchant('test-shop'))!.settlementAddresses.solana!;
    expect(await adapter.sandboxUsdcBalance!(recipient)).toBeGreaterThanOrEqual(12_340_000n);

    await vi.waitFor(() => expect(received.some((r) => r.body.includes(s.sessionId))).toBe(true), { timeout: 20_000 });
    const delivery = received.find((r) => r.body.includes(s.sessionId))!;
    const secret = (
      await t.app.checkoutHost.ensureMerchant({
        id: 'test-shop',
        name: 'Test Shop',
        allowedOrigins: [SHOP],
        webhookUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`,
        nSurePartnerId: 'partner-7',
      })
    ).webhookSecret;
    expect(checkCheckoutSignature(secret, delivery.body, delivery.headers['x-checkout-signature'] as string)).toBe('valid');
    const event = JSON.parse(delivery.body) as { id: string; type: string; data: Record<string, unknown> };
    expect(delivery.headers['x-checkout-event-id']).toBe(event.id);
    expect(event).toMatchObject({
      type: 'payment.approved',
      data: { sessionId: s.sessionId, reference: s.reference, amountCents: 1234, method: 'usdc', chain: 'solana' },
    });

    // Paid: the reference cannot be opened again.
    const reopen = await call('POST', `/api/merchants/test-shop/sessions`, {
      key: merchant.apiKey,
      body: { reference: s.reference, amountCents: 1234, currency: 'USD', customer: { id: 'u1', email: 'mei@example.com' } },
    });
    expect(reopen.status).toBe(409);
  }, 60_000);

  it("pays with a v0 transaction when the page asks for one ('solanaTransaction'); a tampered v0 one is refused as a tampered legacy one is", async () => {
    const payer = await fundedPayer(10_000);
    const adapter = await t.app.checkoutHost.chains.get('solana');
    const recipient = (await t.app.checkoutHost.service.findMerchant('test-shop'))!.settlementAddresses.solana!;
    const thief = await adapter.sandboxRecipient!();
    const s = await newSession(500);
    const prepare = (solanaTransaction?: string, chain = 'solana', who = payer.publicKey.toBase58()) =>
      call('POST', '/api/checkout/usdc/prepare', {
        session: s.sessionKey,
        body: { chain, payer: who, ...(solanaTransaction ? { solanaTransaction } : {}) },
      });
    // The value is named when wrong, and only Solana has two forms.
    const unknown = await prepare('v1');
    expect(unknown.status).toBe(400);
    expect(unknown.json).toMatchObject({ field: 'solanaTransaction' });
    const evm = await prepare('v0', 'base', '0x' + '1'.repeat(40));
    expect(evm.status).toBe(400);
    expect(evm.json).toMatchObject({ field: 'solanaTransaction', message: 'Invalid solanaTransaction: base is not Solana.' });

    // The same tampering, for each form: a transfer of more, and one to another account, signed in place of the prepared one.
    const refusals: Record<string, unknown[]> = {};
    for (const solanaVersion of ['legacy', 'v0'] as const) {
      refusals[solanaVersion] = [];
      for (const changed of [{ amount: 9_990_000n }, { recipient: thief }]) {
        const prepared = await prepare(solanaVersion);
        expect(prepared.status, prepared.text).toBe(200);
        expect(VersionedTransaction.deserialize(bs58.decode(prepared.json.transaction as string)).version).toBe(
          solanaVersion === 'v0' ? 0 : 'legacy',
        );
        const intent = { payer: payer.publicKey.toBase58(), recipient, amount: 5_000_000n, reference: s.sessionId, ...changed };
        const other = await adapter.prepareTransfer(intent, { solanaVersion });
        const refused = await call('POST', '/api/checkout/usdc/submit', {
          session: s.sessionKey,
          body: { paymentId: prepared.json.paymentId, signedTransaction: sign(other.transaction, payer) },
        });
        expect(refused.status, refused.text).toBe(422);
        refusals[solanaVersion].push(refused.json);
      }
    }
    expect(refusals.v0).toEqual(refusals.legacy);
    expect(refusals.v0[0]).toMatchObject({ code: 'TAMPERED', message: 'The signed transaction is not the one prepared for this payment.' });
    expect(await adapter.sandboxUsdcBalance!(thief)).toBe(0n);

    // The session stayed open: the v0 transfer as prepared pays it.
    const prepared = await prepare('v0');
    const paid = await call('POST', '/api/checkout/usdc/submit', {
      session: s.sessionKey,
      body: { paymentId: prepared.json.paymentId, signedTransaction: sign(prepared.json.transaction as string, payer) },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json).toMatchObject({
      status: 'paid',
      info: { sessionId: s.sessionId, method: 'usdc', chain: 'solana', amountCents: 500 },
    });
    expect(await adapter.sandboxUsdcBalance!(payer.publicKey.toBase58())).toBe(100_000_000n - 5_000_000n);
  }, 60_000);

  it('refuses a transaction replayed for a second session, and a transfer of the wrong amount', async () => {
    const payer = await fundedPayer(10_000);
    const first = await newSession(700);
    const p1 = await call('POST', '/api/checkout/usdc/prepare', {
      session: first.sessionKey,
      body: { chain: 'solana', payer: payer.publicKey.toBase58() },
    });
    const signed = sign(p1.json.transaction as string, payer);
    const paid = await call('POST', '/api/checkout/usdc/submit', {
      session: first.sessionKey,
      body: { paymentId: p1.json.paymentId, signedTransaction: signed },
    });
    expect(paid.json.status).toBe('paid');
    const txId = (paid.json.info as { txId: string }).txId;

    const second = await newSession(700);
    const p2 = await call('POST', '/api/checkout/usdc/prepare', {
      session: second.sessionKey,
      body: { chain: 'solana', payer: payer.publicKey.toBase58() },
    });
    const replayedSigned = await call('POST', '/api/checkout/usdc/submit', {
      session: second.sessionKey,
      body: { paymentId: p2.json.paymentId, signedTransaction: signed },
    });
    expect(replayedSigned.status).toBe(422);
    const replayedId = await call('POST', '/api/checkout/usdc/record', {
      session: second.sessionKey,
      body: { paymentId: p2.json.paymentId, txId },
    });
    expect(replayedId.status).toBe(409);
    expect(replayedId.json).toMatchObject({ field: 'txId' });

    // The wallet sends a transfer of one cent less, bound to the session, and names it.
    const adapter = await t.app.checkoutHost.chains.get('solana');
    const recipient = (await t.app.checkoutHost.service.findMerchant('test-shop'))!.settlementAddresses.solana!;
    const p3 = await call('POST', '/api/checkout/usdc/prepare', {
      session: second.sessionKey,
      body: { chain: 'solana', payer: payer.publicKey.toBase58() },
    });
    const shortIntent = { payer: payer.publicKey.toBase58(), recipient, amount: 6_990_000n, reference: second.sessionId };
    const short = await adapter.prepareTransfer(shortIntent);
    const { txId: shortTx } = await adapter.submitSigned(sign(short.transaction, payer), {
      fingerprint: short.fingerprint,
      intent: shortIntent,
      lastValidBlockHeight: short.lastValidBlockHeight,
    });
    expect(p3.status, p3.text).toBe(200);
    const wrong = await call('POST', '/api/checkout/usdc/record', {
      session: second.sessionKey,
      body: { paymentId: p3.json.paymentId, txId: shortTx },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.json).toMatchObject({ code: 'WRONG_AMOUNT', field: 'amount' });
    const looked = await call('GET', `/api/merchants/test-shop/sessions/by-reference/${second.reference}`, { key: merchant.apiKey });
    expect(looked.json.status).toBe('open');
  }, 60_000);
});

describe('reconciliation', () => {
  it('marks a session paid once a transfer left submitted (a restart between recording and confirming) is confirmed', async () => {
    const payer = Keypair.generate();
    const adapter = await t.app.checkoutHost.chains.get('solana');
    await adapter.faucet!(payer.publicKey.toBase58(), 10_000_000n);
    const s = await newSession(400);
    const prepared = await call('POST', '/api/checkout/usdc/prepare', {
      session: s.sessionKey,
      body: { chain: 'solana', payer: payer.publicKey.toBase58() },
    });
    expect(prepared.status, prepared.text).toBe(200);
    // The wallet's transaction reached the chain and the host recorded it, but the process stopped before it
    // heard the confirmation: the rows are as the recording left them.
    const intent = {
      payer: payer.publicKey.toBase58(),
      recipient: prepared.json.recipient as string,
      amount: 4_000_000n,
      reference: s.sessionId,
    };
    const tx = Transaction.from(bs58.decode(prepared.json.transaction as string));
    tx.partialSign(payer);
    const recorded = (await findChainPayment(t.database.db, prepared.json.paymentId as string))!;
    const { txId } = await adapter.submitSigned(bs58.encode(tx.serialize()), { fingerprint: recorded.fingerprint!, intent });
    await t.database.db.execute(
      sql`UPDATE checkout_chain_payments SET status = 'submitted', tx_id = ${txId} WHERE id = ${prepared.json.paymentId as string}`,
    );
    await t.database.db.execute(
      sql`UPDATE checkout_sessions SET status = 'processing', method = 'usdc', chain = 'solana', tx_id = ${txId} WHERE id = ${s.sessionId}`,
    );
    const before = await call('GET', `/api/merchants/test-shop/sessions/by-reference/${s.reference}`, { key: merchant.apiKey });
    expect(before.json.status).toBe('processing');

    await t.app.checkoutHost.reconcile();
    const after = await call('GET', `/api/merchants/test-shop/sessions/by-reference/${s.reference}`, { key: merchant.apiKey });
    expect(after.json).toMatchObject({ status: 'paid', method: 'usdc', chain: 'solana', txId });
  }, 60_000);
});

describe('USDC on an EVM chain (local anvil)', () => {
  it('records the wallet-sent transaction and marks the session paid once confirmed', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const fund = await call('POST', '/sandbox/faucet', {
      body: { chain: 'base', address: account.address, usdcCents: 5_000 },
      headers: { host: 'localhost' },
    });
    expect(fund.status, fund.text).toBe(200);
    const s = await newSession(2500);
    const prepared = await call('POST', '/api/checkout/usdc/prepare', {
      session: s.sessionKey,
      body: { chain: 'base', payer: account.address },
    });
    expect(prepared.status, prepared.text).toBe(200);
    const tx = JSON.parse(prepared.json.transaction as string) as { to: Hex; data: Hex; value: Hex; chainId: number };
    const adapter = (await t.app.checkoutHost.chains.get('base')) as unknown as { sandboxRpcUrl: string };
    const chain = defineChain({
      id: tx.chainId,
      name: 'local',
      nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [adapter.sandboxRpcUrl] } },
    });
    const wallet = createWalletClient({ account, chain, transport: viemHttp(adapter.sandboxRpcUrl) });
    const hash = await wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
    const paid = await call('POST', '/api/checkout/usdc/record', {
      session: s.sessionKey,
      body: { paymentId: prepared.json.paymentId, txId: hash },
    });
    expect(paid.status, paid.text).toBe(200);
    expect(paid.json).toMatchObject({ status: 'paid', info: { method: 'usdc', chain: 'base', txId: hash, amountCents: 2500 } });
  }, 120_000);
});

describe('card', () => {
  it('approves a card; a declined card leaves the session open for another try', async () => {
    const s = await newSession(999);
    const declinedToken = await tokenizeCard(t.app, '4000000000000002');
    const declined = await call('POST', '/api/checkout/card', {
      session: s.sessionKey,
      body: { browserDetails: BROWSER_DETAILS, cardToken: declinedToken },
    });
    expect(declined.status).toBe(200);
    expect(declined.json).toMatchObject({ status: 'declined', code: 'CARD_DECLINED', final: false });
    expect((await call('GET', `/api/merchants/test-shop/sessions/by-reference/${s.reference}`, { key: merchant.apiKey })).json.status).toBe(
      'open',
    );

    const token = await tokenizeCard(t.app, '4111111111111111');
    const paid = await call('POST', '/api/checkout/card', {
      session: s.sessionKey,
      body: { browserDetails: BROWSER_DETAILS, cardToken: token },
    });
    expect(paid.json).toMatchObject({ status: 'paid', info: { sessionId: s.sessionId, method: 'card', amountCents: 999 } });
    expect(
      (await call('POST', '/api/checkout/card', { session: s.sessionKey, body: { browserDetails: BROWSER_DETAILS, cardToken: token } }))
        .status,
    ).toBe(409);

    const refund = await call('POST', `/api/merchants/test-shop/sessions/${s.sessionId}/refund`, { key: merchant.apiKey, body: {} });
    expect(refund.json).toEqual({ status: 'refunded' });
    expect((await call('GET', `/api/merchants/test-shop/sessions/by-reference/${s.reference}`, { key: merchant.apiKey })).json.status).toBe(
      'refunded',
    );
  }, 30_000);

  /** What the sandbox card provider recorded for a session (its order): every call, and the sales among them. */
  const providerRecords = async (sessionId: string) => {
    const res = await t.app.inject({ method: 'GET', url: `/sandbox/nuvei/orders/${sessionId}/transactions` });
    const rows = (res.json() as { data: { transactionId: string; kind: string; status: string; relatedTransactionId: string | null }[] })
      .data;
    // A frictionless card is approved by the sandbox at once (its first call); a challenged one by the final payment.
    return { rows, sales: rows.filter((r) => r.kind !== 'refund' && r.status === 'approved') };
  };
  /** The merchant's webhook events of a session, once delivered. */
  const eventsOf = async (sessionId: string, type: string) => {
    await t.app.checkoutHost.deliverWebhooks();
    return received
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
      .filter((e) => e.type === type && e.data.sessionId === sessionId);
  };
  const form = (fields: Record<string, string>) => ({
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: new URLSearchParams(fields).toString(),
  });
  /** A hidden field of the bank page's form. */
  const field = (html: string, name: string) => new RegExp(`name="${name}" value="([^"]*)"`).exec(html)?.[1] ?? '';

  /**
   * The shopper's browser through a challenge as the page runs it: the page POSTs creq to the bank's page
   * (a GET is refused), the shopper decides there, and the bank's page posts its answer (cres) to the
   * address it was given. Returns that address and the answer, not yet posted.
   */
  async function answerChallenge(started: Record<string, unknown>, decision: 'approve' | 'fail') {
    expect(started).toMatchObject({ status: 'challenge', challengeUrl: expect.any(String), creq: expect.any(String) });
    const url = new URL(started.challengeUrl as string);
    expect((await t.app.inject({ method: 'GET', url: url.pathname + url.search })).statusCode).toBe(405);
    const bankPage = await t.app.inject({ method: 'POST', url: url.pathname + url.search, ...form({ creq: started.creq as string }) });
    expect(bankPage.statusCode, bankPage.body).toBe(200);
    const decided = await t.app.inject({
      method: 'POST',
      url: url.pathname,
      ...form({ secret: field(bankPage.body, 'secret'), creq: field(bankPage.body, 'creq'), decision }),
    });
    expect(decided.statusCode, decided.body).toBe(200);
    const action = /<form id="cres-form" method="post" action="([^"]+)"/.exec(decided.body)![1]!.replaceAll('&amp;', '&');
    return { returnUrl: action, cres: field(decided.body, 'cres') };
  }

  /** The bank's answer as the shopper's browser posts it to the host's return page (a form, no session key). */
  const postAnswer = (returnUrl: string, fields: Record<string, string>) =>
    fetch(returnUrl.replace('localhost', '127.0.0.1'), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams(fields).toString(),
    });

  it("a challenged card: the bank's answer comes to the host's own return page, whose final payment makes the one sale", async () => {
    const s = await newSession(1500);
    const token = await tokenizeCard(t.app, '4000000000003220');
    const started = await call('POST', '/api/checkout/card', {
      session: s.sessionKey,
      body: { browserDetails: BROWSER_DETAILS, cardToken: token },
    });
    const { returnUrl, cres } = await answerChallenge(started.json, 'approve');
    // The issuer answers at the host's own page for this attempt, not at the store's.
    expect(returnUrl).toMatch(new RegExp(`^${t.app.checkoutHost.origin()}/api/checkout/3ds/return/ca_[0-9a-f]+$`));

    // The bank said yes, but without the final payment nothing is sold and the session is not paid.
    expect((await providerRecords(s.sessionId)).sales).toEqual([]);
    expect((await call('GET', '/api/checkout/card/status', { session: s.sessionKey })).json.status).toBe('challenge');

    const answered = await postAnswer(returnUrl, { cres });
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain('Your bank confirmed the payment.');
    const status = await call('GET', '/api/checkout/card/status', { session: s.sessionKey });
    expect(status.json).toMatchObject({ status: 'paid', info: { method: 'card', amountCents: 1500 } });

    // One sale, the final payment naming the challenged transaction; the bank's answer posted again sells nothing more.
    expect((await postAnswer(returnUrl, { cres })).status).toBe(200);
    const { rows, sales } = await providerRecords(s.sessionId);
    expect(sales).toHaveLength(1);
    const challenged = rows.find((r) => r.transactionId === sales[0]!.relatedTransactionId)!;
    expect(challenged).toMatchObject({ kind: 'payment' });
    expect(await eventsOf(s.sessionId, 'payment.approved')).toHaveLength(1);
  }, 30_000);

  it("passes the merchant's challenge preference on: with 'Challenge' a frictionless card is challenged, then settles", async () => {
    const s = await newSession(1600);
    const token = await tokenizeCard(t.app, '4111111111111111');
    const started = await call('POST', '/api/checkout/card', {
      session: s.sessionKey,
      body: { browserDetails: BROWSER_DETAILS, cardToken: token, threeDsChallengePreference: 'Challenge' },
    });
    expect(started.json.status, started.text).toBe('challenge');
    const pending = await call('GET', '/api/checkout/card/status', { session: s.sessionKey });
    expect(pending.json.status).toBe('challenge');
    const { returnUrl, cres } = await answerChallenge(started.json, 'approve');
    expect((await postAnswer(returnUrl, { cres })).status).toBe(200);
    const status = await call('GET', '/api/checkout/card/status', { session: s.sessionKey });
    expect(status.json).toMatchObject({ status: 'paid', info: { sessionId: s.sessionId, method: 'card', amountCents: 1600 } });
    expect((await providerRecords(s.sessionId)).sales).toHaveLength(1);
    expect(await eventsOf(s.sessionId, 'payment.approved')).toHaveLength(1);
  }, 30_000);

  it('a failed challenge: the final payment is declined, the page hears the decline, the session stays open, nothing is sold', async () => {
    const s = await newSession(1550);
    const token = await tokenizeCard(t.app, '4000000000003220');
    const started = await call('POST', '/api/checkout/card', {
      session: s.sessionKey,
      body: { browserDetails: BROWSER_DETAILS, cardToken: token },
    });
    const { returnUrl, cres } = await answerChallenge(started.json, 'fail');
    const answered = await postAnswer(returnUrl, { cres });
    expect(answered.status).toBe(200);
    expect(await answered.text()).toContain('Your card was declined');
    const status = await call('GET', '/api/checkout/card/status', { session: s.sessionKey });
    expect(status.json).toMatchObject({ status: 'declined', code: 'CARD_DECLINED', final: false });
    expect((await call('GET', `/api/merchants/test-shop/sessions/by-reference/${s.reference}`, { key: merchant.apiKey })).json.status).toBe(
      'open',
    );
    expect((await providerRecords(s.sessionId)).sales).toEqual([]);
    expect(await eventsOf(s.sessionId, 'payment.card_declined')).toHaveLength(1);
  }, 30_000);

  it("refuses the return page without the bank's answer (400) and for an attempt it does not know (404); neither sells", async () => {
    const s = await newSession(1560);
    const token = await tokenizeCard(t.app, '4000000000003220');
    const started = await call('POST', '/api/checkout/card', {
      session: s.sessionKey,
      body: { browserDetails: BROWSER_DETAILS, cardToken: token },
    });
    const { returnUrl } = await answerChallenge(started.json, 'approve');
    expect((await postAnswer(returnUrl, {})).status).toBe(400);
    expect((await postAnswer(returnUrl.replace(/ca_[0-9a-f]+$/, 'ca_00000000000000000000000000000000'), { cres: 'x' })).status).toBe(404);
    expect((await providerRecords(s.sessionId)).sales).toEqual([]);
    expect((await call('GET', '/api/checkout/card/status', { session: s.sessionKey })).json.status).toBe('challenge');
  }, 30_000);

  it('refuses a card payment without the browser details (3-D Secure 2) with 400 naming the field, leaving the session open', async () => {
    const s = await newSession(1570);
    const token = await tokenizeCard(t.app, '4111111111111111');
    const res = await call('POST', '/api/checkout/card', { session: s.sessionKey, body: { cardToken: token } });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, field: 'browserDetails' });
    expect((await call('GET', `/api/merchants/test-shop/sessions/by-reference/${s.reference}`, { key: merchant.apiKey })).json.status).toBe(
      'open',
    );
  }, 30_000);

  it.each(['Frictionless', 'NoPreference'])(
    'with %s the frictionless card is paid at once',
    async (preference) => {
      const s = await newSession(1700);
      const token = await tokenizeCard(t.app, '4111111111111111');
      const paid = await call('POST', '/api/checkout/card', {
        session: s.sessionKey,
        body: { browserDetails: BROWSER_DETAILS, cardToken: token, threeDsChallengePreference: preference },
      });
      expect(paid.json).toMatchObject({ status: 'paid', info: { sessionId: s.sessionId, amountCents: 1700 } });
      // No challenge: one sale at once, one approval told to the merchant.
      expect((await providerRecords(s.sessionId)).sales).toHaveLength(1);
      expect(await eventsOf(s.sessionId, 'payment.approved')).toHaveLength(1);
    },
    30_000,
  );

  it.each(['challenge', 'Always', '', 3])(
    'refuses threeDsChallengePreference %j with 400 naming the field, leaving the session open',
    async (bad) => {
      const s = await newSession(1800);
      const token = await tokenizeCard(t.app, '4111111111111111');
      const res = await call('POST', '/api/checkout/card', {
        session: s.sessionKey,
        body: { browserDetails: BROWSER_DETAILS, cardToken: token, threeDsChallengePreference: bad },
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ success: false, field: 'threeDsChallengePreference' });
      const looked = await call('GET', `/api/merchants/test-shop/sessions/by-reference/${s.reference}`, { key: merchant.apiKey });
      expect(looked.json.status).toBe('open');
    },
    30_000,
  );

  it('retries a webhook the merchant refused, with back-off', async () => {
    failNextWebhooks = 1;
    const s = await newSession(321);
    const token = await tokenizeCard(t.app, '4111111111111111');
    expect(
      (await call('POST', '/api/checkout/card', { session: s.sessionKey, body: { browserDetails: BROWSER_DETAILS, cardToken: token } }))
        .json.status,
    ).toBe('paid');
    await vi.waitFor(() => expect(failNextWebhooks).toBe(0), { timeout: 20_000 });
    expect(received.some((r) => r.body.includes(s.sessionId))).toBe(false);
    // The refusal is written after the merchant answered: wait for it, or the back-off it sets would come
    // after (and undo) the "due now" below on a busy machine.
    await vi.waitFor(
      async () => {
        const rows = await t.database.db.select().from(checkoutWebhookOutbox);
        const refused = rows.filter((r) => !r.deliveredAt && r.attempts > 0 && JSON.stringify(r.payload).includes(s.sessionId));
        expect(refused).toHaveLength(1);
      },
      { timeout: 20_000 },
    );
    // Due again after the back-off: deliver as the background job would. The host's own job may claim the row
    // first (it is due now for it too), and then this call finds nothing: wait for the delivery, whoever makes it.
    await t.database.db.execute(sql`UPDATE checkout_webhook_outbox SET next_attempt_at = now() WHERE delivered_at IS NULL`);
    await vi.waitFor(
      async () => {
        await t.app.checkoutHost.deliverWebhooks();
        expect(received.some((r) => r.body.includes(s.sessionId))).toBe(true);
      },
      { timeout: 20_000, interval: 200 },
    );
  }, 30_000);

  it("tokenizes with the frame session of the page's tokenizer config, for the origins it signed only (ADR 032)", async () => {
    const s = await newSession(777);
    const config = await call('POST', '/api/tokenize/iframe/config', { body: { origins: [SHOP], checkoutJwt: s.sessionKey } });
    expect(config.status, config.text).toBe(200);
    const { session, cardNumberFrameUrl } = config.json.data as { session: string; cardNumberFrameUrl: string };
    expect(new URL(cardNumberFrameUrl).searchParams.get('session')).toBe(session);
    const tokenize = (origin: string, frameSession = session) =>
      postTokenize(
        t.app,
        { kind: 'card', number: '4111111111111111', expiry: '12/34', cvv: '123' },
        { origin, 'x-vault-session': frameSession },
      );

    // The frames (the vault's own origin) and the page it was signed for.
    const fromFrame = await tokenize(t.app.vault.origin());
    expect(fromFrame.status).toBe(200);
    expect((await tokenize(SHOP)).headers.get('access-control-allow-origin')).toBe(SHOP);
    // Not the store's own pages: this session names the merchant's page only.
    expect((await tokenize(t.app.config.STORE_ORIGINS[0]!)).status).toBe(403);
    // A merchant session's nonce is no shopper's: without one, nothing.
    expect((await tokenize(t.app.vault.origin(), '')).status).toBe(403);

    const paid = await call('POST', '/api/checkout/card', {
      session: s.sessionKey,
      body: { browserDetails: BROWSER_DETAILS, cardToken: ((await fromFrame.json()) as { token: string }).token },
    });
    expect(paid.json).toMatchObject({ status: 'paid' });
  }, 30_000);

  it('refuses a card token nothing used in time with 400 naming cardToken, and leaves the session open', async () => {
    const s = await newSession(555);
    const token = await tokenizeCard(t.app, '4111111111111111');
    await t.database.db.execute(sql`UPDATE vault_cards SET expires_at = now() - interval '1 minute' WHERE token = ${token}`);
    const res = await call('POST', '/api/checkout/card', {
      session: s.sessionKey,
      body: { browserDetails: BROWSER_DETAILS, cardToken: token },
    });
    expect(res.status).toBe(400);
    expect(res.json).toMatchObject({ success: false, code: 'CARD_TOKEN_EXPIRED', field: 'cardToken' });
    const looked = await call('GET', `/api/merchants/test-shop/sessions/by-reference/${s.reference}`, { key: merchant.apiKey });
    expect(looked.json.status).toBe('open');
  }, 30_000);
});

describe('bank account (ACH)', () => {
  const bySession = (sessionId: string, type: string) =>
    received
      .map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
      .find((e) => e.type === type && e.data.sessionId === sessionId);
  const merchantSession = async (reference: string) =>
    (await call('GET', `/api/merchants/test-shop/sessions/by-reference/${reference}`, { key: merchant.apiKey })).json;
  /** The sandbox debit the host started for the session (the test plays the bank with the sandbox's controls). */
  const debitOf = async (sessionId: string) => (await latestBankAttempt(t.database.db, sessionId))!.transactionId!;

  it('offers ACH on the page when the session allows it, and only then', async () => {
    const withAch = await newSession(2000, { allowedPaymentMethods: ['card', 'ach'] });
    expect((await call('GET', '/api/checkout/session', { session: withAch.sessionKey })).json.allowedPaymentMethods).toEqual([
      'card',
      'ach',
    ]);
    const without = await newSession(2000);
    expect((await call('GET', '/api/checkout/session', { session: without.sessionKey })).json.allowedPaymentMethods).toEqual([
      'card',
      'usdc',
    ]);
    const refused = await call('POST', '/api/checkout/ach', {
      session: without.sessionKey,
      body: { routingNumber: SANDBOX_ROUTING.federal, accountNumber: SANDBOX_ACCOUNTS.settles, accountType: 'checking' },
    });
    expect(refused.status).toBe(422);
    expect((await merchantSession(without.reference)).status).toBe('open');
  }, 30_000);

  it('submits the debit (processing), then pays the session once the bank settles it; webhook payment.approved with method ach', async () => {
    const accountNumber = '4829105736'; // not one of the sandbox's special numbers: it settles
    const logged: string[] = [];
    const levels = ['trace', 'debug', 'info', 'warn', 'error', 'fatal'] as const;
    const spies = levels.map((level) =>
      vi.spyOn(t.app.log, level).mockImplementation((...args: unknown[]) => {
        logged.push(JSON.stringify(args, (_k, v: unknown) => (v instanceof Error ? `${v.message} ${v.stack}` : v)));
      }),
    );
    try {
      const s = await newSession(2500, { allowedPaymentMethods: ['card', 'usdc', 'ach'] });
      // The provider fails once (a gateway fault): 502, the session stays open, and the failure is logged.
      const provider = t.app.paymentProviders.forMethod('bank_account')!;
      const start = vi.spyOn(provider, 'start').mockRejectedValueOnce(new Error('gateway timeout'));
      const failed = await call('POST', '/api/checkout/ach', {
        session: s.sessionKey,
        body: { routingNumber: SANDBOX_ROUTING.federal, accountNumber, accountType: 'savings' },
      });
      start.mockRestore();
      expect(failed.status).toBe(502);
      expect(await merchantSession(s.reference)).toMatchObject({ status: 'open' });
      expect(logged.some((line) => line.includes('checkout bank payment failed'))).toBe(true);

      const submitted = await call('POST', '/api/checkout/ach', {
        session: s.sessionKey,
        body: { routingNumber: SANDBOX_ROUTING.federal, accountNumber, accountType: 'savings' },
      });
      expect(submitted.status, submitted.text).toBe(200);
      expect(submitted.json).toEqual({ status: 'pending', last4: '5736' });
      expect(await merchantSession(s.reference)).toMatchObject({ status: 'processing', method: 'ach' });
      // A second submission while the debit is pending is refused.
      const again = await call('POST', '/api/checkout/ach', {
        session: s.sessionKey,
        body: { routingNumber: SANDBOX_ROUTING.federal, accountNumber, accountType: 'savings' },
      });
      expect(again.status).toBe(409);

      // The merchant hears at once that the debit is pending.
      await t.app.checkoutHost.deliverWebhooks();
      await vi.waitFor(() => expect(bySession(s.sessionId, 'payment.pending')).toBeDefined(), { timeout: 20_000 });
      expect(bySession(s.sessionId, 'payment.pending')!.data).toMatchObject({ method: 'ach', amountCents: 2500, last4: '5736' });

      // Not settled yet: reconciliation leaves it processing.
      await t.app.checkoutHost.reconcile();
      expect((await merchantSession(s.reference)).status).toBe('processing');

      const settled = await achControl(t.app, await debitOf(s.sessionId), 'settle');
      expect(settled.statusCode, settled.body).toBe(200);
      await vi.waitFor(
        async () => {
          await t.app.checkoutHost.reconcile();
          expect(await merchantSession(s.reference)).toMatchObject({ status: 'paid', method: 'ach', amountCents: 2500 });
        },
        { timeout: 20_000, interval: 200 },
      );
      await vi.waitFor(() => expect(bySession(s.sessionId, 'payment.approved')).toBeDefined(), { timeout: 20_000 });
      expect(bySession(s.sessionId, 'payment.approved')!.data).toMatchObject({ method: 'ach', amountCents: 2500, reference: s.reference });

      // The account number is in no log line and in none of the host's rows (only the last 4 are kept).
      expect(logged.filter((line) => line.includes(accountNumber))).toEqual([]);
      const rows = await t.database.db.execute(
        sql`SELECT row_to_json(b)::text AS j FROM checkout_bank_attempts b UNION ALL SELECT row_to_json(s)::text FROM checkout_sessions s UNION ALL SELECT payload::text FROM checkout_webhook_outbox`,
      );
      const dump = JSON.stringify(rows);
      expect(dump).toContain('5736');
      expect(dump).not.toContain(accountNumber);
    } finally {
      for (const spy of spies) spy.mockRestore();
    }
  }, 60_000);

  it('declines the session (payment.declined, method ach) when the bank fails the debit before it settles', async () => {
    const s = await newSession(2600, { allowedPaymentMethods: ['ach'] });
    const submitted = await call('POST', '/api/checkout/ach', {
      session: s.sessionKey,
      body: { routingNumber: SANDBOX_ROUTING.federal, accountNumber: SANDBOX_ACCOUNTS.fails, accountType: 'checking' },
    });
    expect(submitted.json.status, submitted.text).toBe('pending');
    expect((await achControl(t.app, await debitOf(s.sessionId), 'fail', 'R03')).statusCode).toBe(200);
    await vi.waitFor(
      async () => {
        await t.app.checkoutHost.reconcile();
        expect(await merchantSession(s.reference)).toMatchObject({ status: 'declined', code: 'BANK_PAYMENT_FAILED' });
      },
      { timeout: 20_000, interval: 200 },
    );
    await vi.waitFor(() => expect(bySession(s.sessionId, 'payment.declined')).toBeDefined(), { timeout: 20_000 });
    expect(bySession(s.sessionId, 'payment.declined')!.data).toMatchObject({ method: 'ach', code: 'BANK_PAYMENT_FAILED' });
  }, 60_000);

  it('answers the reason when the bank refuses the account, leaving the session open', async () => {
    const s = await newSession(2700, { allowedPaymentMethods: ['ach'] });
    const refused = await call('POST', '/api/checkout/ach', {
      session: s.sessionKey,
      body: { routingNumber: SANDBOX_ROUTING.unknown, accountNumber: SANDBOX_ACCOUNTS.settles, accountType: 'checking' },
    });
    expect(refused.status).toBe(200);
    expect(refused.json).toMatchObject({ status: 'declined', reason: 'No bank answers to this routing number.' });
    expect(await merchantSession(s.reference)).toMatchObject({ status: 'open' });
    // The shopper may try another account.
    const paid = await call('POST', '/api/checkout/ach', {
      session: s.sessionKey,
      body: { routingNumber: SANDBOX_ROUTING.savings, accountNumber: SANDBOX_ACCOUNTS.settles, accountType: 'checking' },
    });
    expect(paid.json.status, paid.text).toBe('pending');
  }, 30_000);

  it.each([
    [{ routingNumber: '12345678' }, 'routingNumber'],
    [{ routingNumber: '01100001a' }, 'routingNumber'],
    [{ accountNumber: '123' }, 'accountNumber'],
    [{ accountNumber: '1'.repeat(18) }, 'accountNumber'],
    [{ accountType: 'business' }, 'accountType'],
    [{ iban: 'x' }, 'iban'],
  ])(
    'refuses %j with 400 naming %s, leaving the session open',
    async (change, field) => {
      const s = await newSession(2800, { allowedPaymentMethods: ['ach'] });
      const res = await call('POST', '/api/checkout/ach', {
        session: s.sessionKey,
        body: { routingNumber: SANDBOX_ROUTING.federal, accountNumber: SANDBOX_ACCOUNTS.settles, accountType: 'checking', ...change },
      });
      expect(res.status).toBe(400);
      expect(res.json).toMatchObject({ success: false, field });
      expect(await merchantSession(s.reference)).toMatchObject({ status: 'open' });
    },
    30_000,
  );
});
