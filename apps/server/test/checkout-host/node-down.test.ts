// Issue 11, "Chain node down": with real (configured) chain nodes that do not answer, nothing is marked paid.
// Solana: preparing the transfer needs the node (a recent blockhash), so the page is told the network is not
// reachable (503 NODE_UNREACHABLE, the text it shows while it retries) and the session stays open. EVM: the
// wallet sent the transaction itself, so the host keeps the session processing and its reconciliation keeps
// asking the node; while the node is down the session stays unpaid.
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../support/test-app.ts';
import type { MerchantCredentials } from '@store/checkout-host';

const PAYER = '0x1111111111111111111111111111111111111111';
const SETTLEMENT = '0x2222222222222222222222222222222222222222';
const USDC = '0x3333333333333333333333333333333333333333';
const SOLANA_PAYER = 'Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS';
const SOLANA_SETTLEMENT = '9xQeWvG816bUx9EPjHmaT23yvVM2ZWbrrpZb9PusVFin';
const SOLANA_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';

/** A loopback port nobody listens on: taken, then given back. */
async function deadPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let t: TestApp;
let merchant: MerchantCredentials;
const host = (path: string) => `${t.app.checkoutHost.origin().replace('localhost', '127.0.0.1')}${path}`;

async function call(method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const res = await fetch(host(path), {
    method,
    headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
    body: body !== undefined ? JSON.stringify(body) : undefined,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

beforeAll(async () => {
  const port = await deadPort();
  t = await buildTestApp({
    CHAIN_OPTIONS: {
      solana: { rpcUrl: `http://127.0.0.1:${port}`, usdcMint: SOLANA_USDC },
      evm: { base: { rpcUrl: `http://127.0.0.1:${port}`, usdc: USDC } },
      rpcTimeoutMs: 2_000,
    },
  });
  merchant = await t.app.checkoutHost.ensureMerchant({
    id: 'node-down-shop',
    name: 'Node Down Shop',
    allowedOrigins: ['https://shop.example'],
    webhookUrl: 'https://shop.example/webhook',
    settlementAddresses: { base: SETTLEMENT, solana: SOLANA_SETTLEMENT },
  });
});
afterAll(() => t.close());

async function newSession(reference: string): Promise<string> {
  const created = await call(
    'POST',
    `/api/merchants/${merchant.merchantId}/sessions`,
    { 'x-merchant-key': merchant.apiKey },
    { reference, amountCents: 500, currency: 'USD', customer: { id: 'u1', email: 'mei@example.com' } },
  );
  expect(created.status).toBe(201);
  return created.json.sessionKey as string;
}

const lookup = async (reference: string) =>
  (await call('GET', `/api/merchants/${merchant.merchantId}/sessions/by-reference/${reference}`, { 'x-merchant-key': merchant.apiKey }))
    .json;

describe('the chain node is down', () => {
  it('Solana: 503 NODE_UNREACHABLE with the text the page shows, and the session stays open and unpaid', async () => {
    const sessionKey = await newSession('order-solana-down');
    const prepared = await call(
      'POST',
      '/api/checkout/usdc/prepare',
      { 'x-session-key': sessionKey },
      { chain: 'solana', payer: SOLANA_PAYER },
    );
    expect(prepared.status).toBe(503);
    expect(prepared.json).toMatchObject({ success: false, code: 'NODE_UNREACHABLE' });
    expect(String(prepared.json.message)).toMatch(/not reachable/);
    expect(await lookup('order-solana-down')).toMatchObject({ status: 'open' });
  });

  it('EVM: a sent transaction waits as processing, and reconciliation while the node is down marks nothing paid', async () => {
    const sessionKey = await newSession('order-evm-down');
    const prepared = await call('POST', '/api/checkout/usdc/prepare', { 'x-session-key': sessionKey }, { chain: 'base', payer: PAYER });
    expect(prepared.status).toBe(200);
    const txId = `0x${'ab'.repeat(32)}`;
    const recorded = await call(
      'POST',
      '/api/checkout/usdc/record',
      { 'x-session-key': sessionKey },
      { paymentId: prepared.json.paymentId, txId },
    );
    expect(recorded.status).toBe(200);
    expect(recorded.json).toMatchObject({ status: 'processing', txId });

    await t.app.checkoutHost.reconcile();
    expect(await lookup('order-evm-down')).toMatchObject({ status: 'processing', txId });
  });
});
