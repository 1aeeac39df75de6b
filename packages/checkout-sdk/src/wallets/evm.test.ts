import type { EIP1193Provider } from 'viem';
import { describe, expect, it } from 'vitest';
import { createWalletHandlers } from './handlers.ts';
import { VIEM_REQUIRED, evmHandlers, evmWalletFromEip1193, parseEvmTransaction } from './evm.ts';

const ACCOUNT = '0x1111111111111111111111111111111111111111';
const USDC = '0x2222222222222222222222222222222222222222';
const TX_HASH = `0x${'ab'.repeat(32)}`;

/** A tiny stand-in for a browser wallet's EIP-1193 provider: records requests, answers like a wallet. */
function fakeProvider(startChainId: number) {
  let chainId = startChainId;
  const requests: { method: string; params?: unknown }[] = [];
  const provider = {
    on: () => undefined,
    removeListener: () => undefined,
    async request({ method, params }: { method: string; params?: unknown }) {
      requests.push({ method, params });
      switch (method) {
        case 'eth_requestAccounts':
        case 'eth_accounts':
          return [ACCOUNT];
        case 'eth_chainId':
          return `0x${chainId.toString(16)}`;
        case 'wallet_switchEthereumChain':
          chainId = parseInt((params as [{ chainId: string }])[0].chainId, 16);
          return null;
        case 'eth_sendTransaction':
          return TX_HASH;
        case 'personal_sign':
          return `0x${'cd'.repeat(65)}`;
        default:
          throw Object.assign(new Error(`unsupported ${method}`), { code: 4200 });
      }
    },
  };
  return { provider: provider as unknown as EIP1193Provider, requests };
}

const transfer = JSON.stringify({ to: USDC, data: '0xa9059cbb00', value: '0x0', chainId: 137 });

describe('EVM wallets through viem', () => {
  it.each([
    ['base64 of the JSON (the published SDK’s wire format)', Buffer.from(transfer).toString('base64')],
    ['plain JSON (pages before issue 23)', transfer],
  ])('sends {to,data,value,chainId} given as %s with eth_sendTransaction and returns the hash', async (_what, wire) => {
    const { provider, requests } = fakeProvider(137);
    const hash = await evmHandlers(evmWalletFromEip1193(provider)).sendTransaction(wire);
    expect(hash).toBe(TX_HASH);
    const sent = requests.find((r) => r.method === 'eth_sendTransaction');
    // The wallet is on chain 137 already (eth_chainId), so the request goes out as is.
    expect(sent?.params).toEqual([expect.objectContaining({ from: ACCOUNT, to: USDC, data: '0xa9059cbb00', value: '0x0' })]);
    expect(requests.some((r) => r.method === 'wallet_switchEthereumChain')).toBe(false);
  });

  it('switches the wallet to the transaction’s chain first when it is on another one', async () => {
    const { provider, requests } = fakeProvider(1);
    await evmWalletFromEip1193(provider).sendTransaction(parseEvmTransaction(transfer));
    const methods = requests.map((r) => r.method);
    const switched = methods.indexOf('wallet_switchEthereumChain');
    expect(methods.indexOf('eth_chainId')).toBeLessThan(switched);
    expect(switched).toBeGreaterThan(-1);
    expect(requests[switched].params).toEqual([{ chainId: '0x89' }]);
    expect(methods.indexOf('eth_sendTransaction')).toBeGreaterThan(switched);
  });

  it('signs a message with personal_sign', async () => {
    const { provider, requests } = fakeProvider(137);
    const signature = await evmHandlers(evmWalletFromEip1193(provider)).signMessage('hello');
    expect(signature).toMatch(/^0x(cd){65}$/);
    expect(requests.find((r) => r.method === 'personal_sign')?.params).toEqual(['0x68656c6c6f', ACCOUNT]);
  });

  it('EVM wallets do not sign transactions; a wallet without signMessage says so', async () => {
    const handlers = evmHandlers({ sendTransaction: async () => TX_HASH });
    await expect(handlers.signTransaction('x')).rejects.toThrow('signTransaction is not supported by this wallet');
    await expect(handlers.signMessage('x')).rejects.toThrow('signMessage is not supported by this wallet');
  });

  it('refuses a malformed transaction request before the wallet sees it', async () => {
    const handlers = evmHandlers({
      sendTransaction: async () => {
        throw new Error('must not be called');
      },
    });
    await expect(handlers.sendTransaction('nope')).rejects.toThrow('not JSON');
    await expect(handlers.sendTransaction(JSON.stringify({ to: 'bob', chainId: 1 }))).rejects.toThrow('to');
    await expect(handlers.sendTransaction(JSON.stringify({ to: USDC }))).rejects.toThrow('chainId');
    await expect(handlers.sendTransaction(JSON.stringify({ to: USDC, chainId: 1, value: '12' }))).rejects.toThrow('value');
  });

  it('every EVM chain name uses the EVM handlers', async () => {
    for (const blockchain of ['polygon', 'eth', 'base', 'arbitrum']) {
      const handlers = createWalletHandlers({ blockchain, wallet: { sendTransaction: async () => TX_HASH } });
      await expect(handlers.sendTransaction(transfer)).resolves.toBe(TX_HASH);
    }
  });

  it('says so when viem is missing', async () => {
    const { provider } = fakeProvider(137);
    const wallet = evmWalletFromEip1193(provider, { importer: () => Promise.reject(new Error('Cannot find module')) });
    await expect(wallet.sendTransaction(parseEvmTransaction(transfer))).rejects.toThrow(VIEM_REQUIRED);
  });
});
