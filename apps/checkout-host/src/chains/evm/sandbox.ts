import { createPublicClient, createTestClient, createWalletClient, type Address, type Transport } from 'viem';
import { TEST_USDC_ABI, TEST_USDC_BYTECODE } from './test-usdc-artifact.ts';

// What only the local anvil node allows: deploying the test USDC, minting it, setting ETH balances.

/** Gas money for a sandbox payer: 10 ETH (or MATIC on "polygon"); anvil charges real gas. */
export const SANDBOX_GAS_WEI = 10n ** 19n;

export function sandboxClients(transport: Transport) {
  // A local node mines each transaction at once: viem's default 4 s polling would outlast a short receipt wait.
  const publicClient = createPublicClient({ transport, pollingInterval: 250 });
  return {
    publicClient,
    wallet: createWalletClient({ transport }),
    test: createTestClient({ mode: 'anvil', transport }),
  };
}

/** anvil's first default account: unlocked on the node, so it signs by eth_sendTransaction; it owns the test tokens. */
export async function sandboxOwner(transport: Transport): Promise<Address> {
  const [owner] = await sandboxClients(transport).wallet.getAddresses();
  if (!owner) throw new Error('the local node has no unlocked account');
  return owner;
}

export async function deployTestToken(transport: Transport, owner: Address, symbol = 'USDC', timeoutMs = 20_000): Promise<Address> {
  const { publicClient, wallet } = sandboxClients(transport);
  const hash = await wallet.deployContract({
    abi: TEST_USDC_ABI,
    bytecode: TEST_USDC_BYTECODE,
    args: [`${symbol} (test)`, symbol],
    account: owner,
    chain: null,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: timeoutMs });
  if (receipt.status !== 'success' || !receipt.contractAddress) throw new Error('deploying the test token failed');
  return receipt.contractAddress;
}

export async function mintTestToken(
  transport: Transport,
  token: Address,
  owner: Address,
  to: Address,
  amount: bigint,
  timeoutMs = 20_000,
): Promise<void> {
  const { publicClient, wallet } = sandboxClients(transport);
  const hash = await wallet.writeContract({
    address: token,
    abi: TEST_USDC_ABI,
    functionName: 'mint',
    args: [to, amount],
    account: owner,
    chain: null,
  });
  const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: timeoutMs });
  if (receipt.status !== 'success') throw new Error('minting the test token failed');
}
