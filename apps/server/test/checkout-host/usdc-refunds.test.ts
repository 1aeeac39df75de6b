// Refunds of USDC sessions through the merchant API, on the sandbox chains (litesvm for Solana, a local
// anvil for an EVM chain): the USDC goes back from the settlement wallet to the paying wallet once, even
// when two refund calls race; the session becomes refunded and the merchant's payment.refunded carries
// the refund's transaction; a send the chain refuses leaves the session paid with a clear reason.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Keypair, Transaction } from '@solana/web3.js';
import bs58 from 'bs58';
import { createWalletClient, defineChain, http as viemHttp, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import { ChainError } from '@store/checkout-host';
import type { MerchantCredentials } from '@store/checkout-host';

let t: TestApp;
let merchant: MerchantCredentials;
let webhook: http.Server;
const events: { type: string; data: Record<string, unknown> }[] = [];

const host = (path: string) => `${t.app.checkoutHost.origin().replace('localhost', '127.0.0.1')}${path}`;

async function call(method: string, path: string, opts: { key?: string; session?: string; body?: unknown } = {}) {
  const res = await fetch(host(path), {
    method,
    headers: {
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...(opts.key ? { 'x-merchant-key': opts.key } : {}),
      ...(opts.session ? { 'x-session-key': opts.session } : {}),
      host: 'localhost',
    },
    body: opts.body !== undefined ? JSON.stringify(opts.body) : undefined,
  });
  const text = await res.text();
  return { status: res.status, json: (text ? JSON.parse(text) : {}) as Record<string, unknown>, text };
}

let refs = 0;
async function newSession(amountCents: number) {
  const reference = `refund-${++refs}-${Date.now()}`;
  const res = await call('POST', `/api/merchants/${merchant.merchantId}/sessions`, {
    key: merchant.apiKey,
    body: { reference, amountCents, currency: 'USD', customer: { id: 'u1', email: 'mei@example.com' }, allowedPaymentMethods: ['usdc'] },
  });
  expect(res.status, res.text).toBe(201);
  return { reference, sessionId: res.json.sessionId as string, sessionKey: res.json.sessionKey as string };
}

const refund = (sessionId: string) =>
  call('POST', `/api/merchants/${merchant.merchantId}/sessions/${sessionId}/refund`, { key: merchant.apiKey, body: {} });
const statusOf = async (reference: string) =>
  (await call('GET', `/api/merchants/${merchant.merchantId}/sessions/by-reference/${reference}`, { key: merchant.apiKey })).json;
const refundedEvents = (sessionId: string) => events.filter((e) => e.type === 'payment.refunded' && e.data.sessionId === sessionId);
const balanceOf = async (chain: 'solana' | 'base', address: string) =>
  (await t.app.checkoutHost.chains.get(chain)).sandboxUsdcBalance!(address);

async function fund(chain: 'solana' | 'base', address: string, usdcCents: number) {
  const res = await call('POST', '/sandbox/faucet', { body: { chain, address, usdcCents } });
  expect(res.status, res.text).toBe(200);
}

/** A Solana wallet pays the session (prepare, sign, submit): its payer and the session's payment tx. */
async function paySolana(s: { sessionKey: string }, payer: Keypair) {
  const prepared = await call('POST', '/api/checkout/usdc/prepare', {
    session: s.sessionKey,
    body: { chain: 'solana', payer: payer.publicKey.toBase58() },
  });
  expect(prepared.status, prepared.text).toBe(200);
  const tx = Transaction.from(bs58.decode(prepared.json.transaction as string));
  tx.partialSign(payer);
  const paid = await call('POST', '/api/checkout/usdc/submit', {
    session: s.sessionKey,
    body: { paymentId: prepared.json.paymentId, signedTransaction: bs58.encode(tx.serialize()) },
  });
  expect(paid.json.status, paid.text).toBe('paid');
  return { txId: (paid.json.info as { txId: string }).txId, recipient: prepared.json.recipient as string };
}

beforeAll(async () => {
  webhook = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      events.push(JSON.parse(body) as (typeof events)[number]);
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((r) => webhook.listen(0, '127.0.0.1', r));
  t = await buildTestApp({}, { seedDemo: false });
  merchant = await t.app.checkoutHost.ensureMerchant({
    id: 'refund-shop',
    name: 'Refund Shop',
    allowedOrigins: ['https://shop.example'],
    webhookUrl: `http://127.0.0.1:${(webhook.address() as AddressInfo).port}/hook`,
  });
  // The sandbox chains start here (a child process for litesvm, an anvil for the EVM chain), so that on a
  // busy machine their start is waited for once, with room, and the tests time only the refunds.
  await Promise.all([t.app.checkoutHost.chains.get('solana'), t.app.checkoutHost.chains.get('base')]);
}, 180_000);
afterAll(async () => {
  await t?.close();
  webhook?.close();
});

describe('refund of a USDC session on Solana (litesvm)', () => {
  it('sends the USDC back to the paying wallet once, though two refund calls race; refunded, with the refund tx in payment.refunded', async () => {
    const payer = Keypair.generate();
    const wallet = payer.publicKey.toBase58();
    await fund('solana', wallet, 5_000);
    const s = await newSession(1234);
    const { txId, recipient } = await paySolana(s, payer);
    expect(await balanceOf('solana', wallet)).toBe(50_000_000n - 12_340_000n);
    const settlementBefore = await balanceOf('solana', recipient);

    const [a, b] = await Promise.all([refund(s.sessionId), refund(s.sessionId)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.json, b.json]).toEqual([{ status: 'refunded' }, { status: 'refunded' }]);
    expect(await balanceOf('solana', wallet)).toBe(50_000_000n);
    expect(await balanceOf('solana', recipient)).toBe(settlementBefore - 12_340_000n);
    expect(await statusOf(s.reference)).toMatchObject({ status: 'refunded', method: 'usdc', chain: 'solana', txId });

    await t.app.checkoutHost.deliverWebhooks();
    await vi.waitFor(() => expect(refundedEvents(s.sessionId)).toHaveLength(1), { timeout: 20_000 });
    const { data } = refundedEvents(s.sessionId)[0]!;
    expect(data).toMatchObject({ reference: s.reference, amountCents: 1234, method: 'usdc', chain: 'solana', txId });
    expect(data.refundTxId).toMatch(/^[1-9A-HJ-NP-Za-km-z]{64,90}$/);
    expect(data.refundTxId).not.toBe(txId);

    // Asked again later: the same answer, nothing moves.
    expect((await refund(s.sessionId)).json).toEqual({ status: 'refunded' });
    expect(await balanceOf('solana', wallet)).toBe(50_000_000n);
  }, 90_000);

  it('a send the chain refuses leaves the session paid with the reason; asked again, it refunds once', async () => {
    const payer = Keypair.generate();
    const wallet = payer.publicKey.toBase58();
    await fund('solana', wallet, 1_000);
    const s = await newSession(600);
    await paySolana(s, payer);
    const adapter = await t.app.checkoutHost.chains.get('solana');
    const send = vi
      .spyOn(adapter, 'sendSigned')
      .mockRejectedValueOnce(new ChainError('REVERTED', 'The transaction failed on the chain (InsufficientFunds).'));
    try {
      const failed = await refund(s.sessionId);
      expect(failed.status).toBe(200);
      expect(failed.json).toEqual({
        status: 'declined',
        reason: 'The USDC refund could not be sent: The transaction failed on the chain (InsufficientFunds). The session stays paid.',
      });
    } finally {
      send.mockRestore();
    }
    expect((await statusOf(s.reference)).status).toBe('paid');
    expect(await balanceOf('solana', wallet)).toBe(10_000_000n - 6_000_000n);

    expect((await refund(s.sessionId)).json).toEqual({ status: 'refunded' });
    expect(await balanceOf('solana', wallet)).toBe(10_000_000n);
    expect((await statusOf(s.reference)).status).toBe('refunded');
  }, 90_000);
});

describe('refund of a USDC session on an EVM chain (local anvil)', () => {
  it('sends the USDC back to the paying wallet once, though two refund calls race', async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    await fund('base', account.address, 5_000);
    const s = await newSession(2500);
    const prepared = await call('POST', '/api/checkout/usdc/prepare', {
      session: s.sessionKey,
      body: { chain: 'base', payer: account.address },
    });
    expect(prepared.status, prepared.text).toBe(200);
    const tx = JSON.parse(prepared.json.transaction as string) as { to: Hex; data: Hex; value: Hex; chainId: number };
    const rpc = (await t.app.checkoutHost.chains.get('base')).sandboxRpcUrl!;
    const chain = defineChain({
      id: tx.chainId,
      name: 'local',
      nativeCurrency: { name: 'ETH', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [rpc] } },
    });
    const hash = await createWalletClient({ account, chain, transport: viemHttp(rpc) }).sendTransaction({
      to: tx.to,
      data: tx.data,
      value: BigInt(tx.value),
    });
    const paid = await call('POST', '/api/checkout/usdc/record', {
      session: s.sessionKey,
      body: { paymentId: prepared.json.paymentId, txId: hash },
    });
    expect(paid.json.status, paid.text).toBe('paid');
    expect(await balanceOf('base', account.address)).toBe(50_000_000n - 25_000_000n);

    const [a, b] = await Promise.all([refund(s.sessionId), refund(s.sessionId)]);
    expect([a.json, b.json]).toEqual([{ status: 'refunded' }, { status: 'refunded' }]);
    expect(await balanceOf('base', account.address)).toBe(50_000_000n);
    expect(await statusOf(s.reference)).toMatchObject({ status: 'refunded', chain: 'base', txId: hash });
    await t.app.checkoutHost.deliverWebhooks();
    await vi.waitFor(() => expect(refundedEvents(s.sessionId)).toHaveLength(1), { timeout: 20_000 });
    expect(refundedEvents(s.sessionId)[0]!.data.refundTxId).toMatch(/^0x[0-9a-f]{64}$/);
  }, 120_000);
});

describe("refund of USDC paid to the merchant's own address", () => {
  it('is declined with the reason: the checkout holds no key for that wallet; the session stays paid', async () => {
    const own = Keypair.generate().publicKey.toBase58();
    const adapter = await t.app.checkoutHost.chains.get('solana');
    await adapter.faucet!(own, 0n);
    const credentials = await t.app.checkoutHost.ensureMerchant({
      id: 'own-wallet-shop',
      name: 'Own Wallet Shop',
      allowedOrigins: ['https://own.example'],
      webhookUrl: 'http://127.0.0.1:9/hook',
      settlementAddresses: { solana: own },
    });
    const reference = `own-${Date.now()}`;
    const created = await call('POST', `/api/merchants/own-wallet-shop/sessions`, {
      key: credentials.apiKey,
      body: { reference, amountCents: 300, currency: 'USD', customer: { id: 'u2', email: 'li@example.com' } },
    });
    const payer = Keypair.generate();
    await fund('solana', payer.publicKey.toBase58(), 1_000);
    await paySolana({ sessionKey: created.json.sessionKey as string }, payer);
    const answer = await call('POST', `/api/merchants/own-wallet-shop/sessions/${created.json.sessionId as string}/refund`, {
      key: credentials.apiKey,
      body: {},
    });
    expect(answer.json).toMatchObject({ status: 'declined' });
    expect(answer.json.reason).toContain("merchant's own solana address");
    expect(answer.json.reason).toContain(payer.publicKey.toBase58());
    expect(await balanceOf('solana', own)).toBe(3_000_000n);
  }, 60_000);
});
