import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  createPublicClient,
  createWalletClient,
  defineChain,
  encodeFunctionData,
  getAddress,
  http,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ChainError, type TransferIntent } from '../types.ts';
import { createEvmAdapter, type EvmAdapter } from './adapter.ts';
import { freePort, startAnvil, type AnvilNode } from './anvil.ts';
import { deployTestToken, sandboxClients, sandboxOwner } from './sandbox.ts';
import { TEST_USDC_ABI } from './test-usdc-artifact.ts';
import { createEvmTransport } from './transport.ts';

// The EVM adapter against a real local anvil node, through viem's JSON-RPC client over HTTP and over WebSocket.
const polygon = defineChain({
  id: 137,
  name: 'Polygon (local)',
  nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
  rpcUrls: { default: { http: [] } },
});
const limits = { rpcTimeoutMs: 3_000, wsReconnectAttempts: 5, wsReconnectDelayMs: 1_000, confirmations: 1 };

let node: AnvilNode;
let owner: Address;
let usdc: Address;
let otherToken: Address;
let overHttp: EvmAdapter;
let overWs: EvmAdapter;

beforeAll(async () => {
  node = await startAnvil({ chainId: 137, startTimeoutMs: 30_000 });
  const { transport } = createEvmTransport({ rpcUrl: node.rpcUrl, ...limits });
  owner = await sandboxOwner(transport);
  usdc = getAddress(await deployTestToken(transport, owner, 'USDC'));
  otherToken = await deployTestToken(transport, owner, 'FAKE');
  overHttp = createEvmAdapter({ chain: 'polygon', rpcUrl: node.rpcUrl, usdc, sandboxOwner: owner, ...limits });
  overWs = createEvmAdapter({ chain: 'polygon', rpcUrl: node.rpcUrl, wsUrl: node.wsUrl, usdc, sandboxOwner: owner, ...limits });
});

afterAll(async () => {
  await overWs?.close();
  await node?.stop();
});

async function payer(adapter: EvmAdapter, usdcUnits = 100_000_000n) {
  const account = privateKeyToAccount(generatePrivateKey());
  await adapter.faucet!(account.address, usdcUnits);
  const wallet = createWalletClient({ account, chain: polygon, transport: http(node.rpcUrl) });
  return { account, wallet };
}

/** What the shopper's wallet does with the prepared JSON of a sendTransaction request. */
async function sendPrepared(wallet: Awaited<ReturnType<typeof payer>>['wallet'], prepared: string): Promise<Hash> {
  const tx = JSON.parse(prepared) as { to: Address; data: Hex; value: string; chainId: number };
  expect(tx.chainId).toBe(137);
  return wallet.sendTransaction({ to: tx.to, data: tx.data, value: BigInt(tx.value) });
}

describe('evm adapter (anvil)', () => {
  it.each([
    ['HTTP', () => overHttp],
    ['WebSocket', () => overWs],
  ])('confirms a USDC transfer sent by the wallet (%s)', async (_, adapterOf) => {
    const adapter = adapterOf();
    const { account, wallet } = await payer(adapter);
    const recipient = await adapter.sandboxRecipient!();
    const intent: TransferIntent = { payer: account.address, recipient, amount: 12_340_000n, reference: 'session-1' };
    const prepared = await adapter.prepareTransfer(intent);
    expect(JSON.parse(prepared.transaction)).toMatchObject({ to: usdc, value: '0x0', chainId: 137 });
    const hash = await sendPrepared(wallet, prepared.transaction);
    expect(await adapter.waitForTransfer(hash, intent, { timeoutMs: 10_000 })).toEqual({ status: 'confirmed', txId: hash });
    expect(await adapter.sandboxUsdcBalance!(recipient)).toBe(12_340_000n);
  });

  it('reports a transfer the node holds but has not mined as pending, then confirmed', async () => {
    const { account, wallet } = await payer(overHttp);
    const intent: TransferIntent = {
      payer: account.address,
      recipient: await overHttp.sandboxRecipient!(),
      amount: 1_000_000n,
      reference: 'r',
    };
    const { test } = sandboxClients(http(node.rpcUrl));
    await test.setAutomine(false);
    try {
      const hash = await sendPrepared(wallet, (await overHttp.prepareTransfer(intent)).transaction);
      expect(await overHttp.checkTransfer(hash, intent)).toEqual({ status: 'pending', txId: hash });
      await test.mine({ blocks: 1 });
      expect(await overHttp.checkTransfer(hash, intent)).toEqual({ status: 'confirmed', txId: hash });
    } finally {
      await test.setAutomine(true);
    }
  });

  it('refuses a transfer of the wrong amount, token, recipient or payer, and one that reverted', async () => {
    const { account, wallet } = await payer(overWs);
    const recipient = (await overWs.sandboxRecipient!()) as Address;
    const intent: TransferIntent = { payer: account.address, recipient, amount: 5_000_000n, reference: 'r' };
    const transfer = (to: Address, amount: bigint, token: Address = usdc) =>
      wallet.sendTransaction({ to: token, data: encodeFunctionData({ abi: TEST_USDC_ABI, functionName: 'transfer', args: [to, amount] }) });
    const { wallet: ownerWallet } = { wallet: sandboxClients(http(node.rpcUrl)).wallet };
    await ownerWallet.writeContract({
      address: otherToken,
      abi: TEST_USDC_ABI,
      functionName: 'mint',
      args: [account.address, 10_000_000n],
      account: owner,
      chain: null,
    });

    const cases: [Hash, string][] = [
      [await transfer(recipient, 4_999_999n), 'WRONG_AMOUNT'],
      [await transfer(recipient, 5_000_000n, otherToken), 'WRONG_TOKEN'],
      [await transfer((await overWs.sandboxRecipient!()) as Address, 5_000_000n), 'WRONG_RECIPIENT'],
    ];
    for (const [hash, code] of cases) {
      expect(await overWs.waitForTransfer(hash, intent, { timeoutMs: 10_000 })).toMatchObject({ status: 'failed', txId: hash, code });
    }
    const right = await transfer(recipient, 5_000_000n);
    expect(await overWs.waitForTransfer(right, intent, { timeoutMs: 10_000 })).toEqual({ status: 'confirmed', txId: right });
    const someoneElse = privateKeyToAccount(generatePrivateKey()).address;
    expect(await overWs.checkTransfer(right, { ...intent, payer: someoneElse })).toMatchObject({ status: 'failed', code: 'WRONG_PAYER' });
    // More than the wallet holds: mined, reverted.
    const reverted = await wallet.sendTransaction({
      to: usdc,
      data: encodeFunctionData({ abi: TEST_USDC_ABI, functionName: 'transfer', args: [recipient, 10n ** 12n] }),
      gas: 100_000n,
    });
    expect(await overWs.waitForTransfer(reverted, { ...intent, amount: 10n ** 12n }, { timeoutMs: 10_000 })).toMatchObject({
      status: 'failed',
      code: 'REVERTED',
    });
    expect(await overWs.checkTransfer(`0x${'ab'.repeat(32)}`, intent)).toMatchObject({ status: 'failed', code: 'NOT_FOUND' });
    expect(await overWs.checkTransfer('not-a-hash', intent)).toMatchObject({ status: 'failed', code: 'NOT_FOUND' });
  });

  it('submits a transaction the wallet only signed, and refuses a changed or foreign-signed one', async () => {
    const { account, wallet } = await payer(overHttp);
    const recipient = await overHttp.sandboxRecipient!();
    const intent: TransferIntent = { payer: account.address, recipient, amount: 2_000_000n, reference: 'r' };
    const prepared = JSON.parse((await overHttp.prepareTransfer(intent)).transaction) as { to: Address; data: Hex };
    // Signed offline with explicit gas and fees: the node is not asked to estimate (a stranger's transfer would revert).
    const publicClient = createPublicClient({ transport: http(node.rpcUrl) });
    const signTransfer = async (signer: typeof wallet, data: Hex) =>
      signer.account.signTransaction({
        type: 'eip1559',
        chainId: 137,
        to: prepared.to,
        data,
        value: 0n,
        nonce: await publicClient.getTransactionCount({ address: signer.account.address }),
        gas: 100_000n,
        maxFeePerGas: 10n ** 11n,
        maxPriorityFeePerGas: 10n ** 9n,
      });
    const tampered = await signTransfer(
      wallet,
      encodeFunctionData({ abi: TEST_USDC_ABI, functionName: 'transfer', args: [recipient as Address, 3_000_000n] }),
    );
    await expect(overHttp.submitSigned(tampered, { fingerprint: '', intent })).rejects.toMatchObject({ code: 'TAMPERED' });
    const stranger = createWalletClient({
      account: privateKeyToAccount(generatePrivateKey()),
      chain: polygon,
      transport: http(node.rpcUrl),
    });
    await expect(overHttp.submitSigned(await signTransfer(stranger, prepared.data), { fingerprint: '', intent })).rejects.toMatchObject({
      code: 'BAD_SIGNATURE',
    });
    expect(await overHttp.sandboxUsdcBalance!(recipient)).toBe(0n);
    const { txId } = await overHttp.submitSigned(await signTransfer(wallet, prepared.data), { fingerprint: '', intent });
    expect(await overHttp.waitForTransfer(txId, intent, { timeoutMs: 10_000 })).toEqual({ status: 'confirmed', txId });
  });

  it('says the node is unreachable when nothing answers', async () => {
    const deadPort = await freePort();
    const adapter = createEvmAdapter({
      chain: 'polygon',
      rpcUrl: `http://127.0.0.1:${deadPort}`,
      wsUrl: `ws://127.0.0.1:${deadPort}`,
      usdc,
      ...limits,
    });
    const intent: TransferIntent = { payer: owner, recipient: owner, amount: 1n, reference: 'r' };
    const error = await adapter.checkTransfer(`0x${'cd'.repeat(32)}`, intent).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ChainError);
    expect(error).toMatchObject({ code: 'NODE_UNREACHABLE', message: 'The Polygon node is not reachable.' });
    await adapter.close();
  });

  it('reconnects its WebSocket when the node comes back', async () => {
    const port = await freePort();
    const deadHttp = `http://127.0.0.1:${await freePort()}`;
    let restartable = await startAnvil({ chainId: 137, port, startTimeoutMs: 30_000 });
    // HTTP points nowhere: only the WebSocket can answer.
    const adapter = createEvmAdapter({ chain: 'polygon', rpcUrl: deadHttp, wsUrl: restartable.wsUrl, usdc, ...limits });
    const intent: TransferIntent = { payer: owner, recipient: owner, amount: 1n, reference: 'r' };
    const unknownTx = `0x${'ef'.repeat(32)}`;
    try {
      expect(await adapter.checkTransfer(unknownTx, intent)).toMatchObject({ status: 'failed', code: 'NOT_FOUND' });
      await restartable.stop();
      await expect(adapter.checkTransfer(unknownTx, intent)).rejects.toMatchObject({ code: 'NODE_UNREACHABLE' });
      restartable = await startAnvil({ chainId: 137, port, startTimeoutMs: 30_000 });
      await vi.waitFor(
        async () => expect(await adapter.checkTransfer(unknownTx, intent)).toMatchObject({ status: 'failed', code: 'NOT_FOUND' }),
        {
          timeout: 20_000,
          interval: 250,
        },
      );
    } finally {
      await adapter.close();
      await restartable.stop();
    }
  });

  it('refuses addresses that are not addresses and amounts that are not positive', async () => {
    const intent: TransferIntent = { payer: owner, recipient: owner, amount: 1n, reference: 'r' };
    await expect(overHttp.prepareTransfer({ ...intent, payer: '0x123' })).rejects.toMatchObject({ code: 'WRONG_PAYER' });
    await expect(overHttp.prepareTransfer({ ...intent, recipient: 'merchant' })).rejects.toMatchObject({ code: 'WRONG_RECIPIENT' });
    await expect(overHttp.prepareTransfer({ ...intent, amount: 0n })).rejects.toMatchObject({ code: 'WRONG_AMOUNT' });
  });
});
