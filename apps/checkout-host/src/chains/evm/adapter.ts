import {
  TransactionNotFoundError,
  TransactionReceiptNotFoundError,
  createPublicClient,
  encodeFunctionData,
  getAddress,
  isAddress,
  isAddressEqual,
  keccak256,
  parseEventLogs,
  parseTransaction,
  recoverTransactionAddress,
  toHex,
  type Address,
  type Hash,
  type TransactionSerializable,
  type TransactionSerialized,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { ChainError, type ChainAdapter, type EvmChainName, type TransferCheck, type TransferIntent } from '../types.ts';
import { pollUntilSettled, unreachable, withNodeTimeout } from '../timeout.ts';
import { EVM_CHAIN_IDS, EVM_CHAIN_LABELS } from './chains.ts';
import { SANDBOX_GAS_WEI, mintTestToken, sandboxClients } from './sandbox.ts';
import { TEST_USDC_ABI } from './test-usdc-artifact.ts';
import { createEvmTransport, isTransportFailure, type EvmTransportOptions } from './transport.ts';

/** The ERC-20 calls we use; the test USDC's ABI is a superset of real USDC's for these. */
const ERC20_ABI = TEST_USDC_ABI;

export interface EvmAdapterOptions extends EvmTransportOptions {
  chain: EvmChainName;
  usdc: string;
  /** Blocks including the transfer's own that must exist before it counts as confirmed (1 = mined). */
  confirmations: number;
  /** Set for the local anvil node: the unlocked account that owns the test USDC. */
  sandboxOwner?: Address;
}

export interface EvmAdapter extends ChainAdapter {
  /** Closes the WebSocket with code 1000. */
  close(): Promise<void>;
}

const TX_HASH = /^0x[0-9a-fA-F]{64}$/;

function parseAddress(address: string, role: 'payer' | 'recipient'): Address {
  if (!isAddress(address, { strict: false }))
    throw new ChainError(role === 'payer' ? 'WRONG_PAYER' : 'WRONG_RECIPIENT', `The ${role} address is not an EVM address.`);
  return getAddress(address);
}

export function createEvmAdapter(options: EvmAdapterOptions): EvmAdapter {
  const label = EVM_CHAIN_LABELS[options.chain];
  const chainId = EVM_CHAIN_IDS[options.chain];
  const usdc = getAddress(options.usdc);
  const { transport, closeSocket } = createEvmTransport(options);
  const client = createPublicClient({ transport });

  /** One node call: within the time limit, a transport failure becomes NODE_UNREACHABLE (the fallback may try two transports). */
  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await withNodeTimeout(label, options.rpcTimeoutMs * 2 + 1_000, run);
    } catch (error) {
      if (error instanceof ChainError) throw error;
      if (isTransportFailure(error)) throw unreachable(label, error);
      throw error;
    }
  }

  function transferData(intent: TransferIntent): { recipient: Address; data: `0x${string}` } {
    parseAddress(intent.payer, 'payer');
    const recipient = parseAddress(intent.recipient, 'recipient');
    if (intent.amount <= 0n) throw new ChainError('WRONG_AMOUNT', 'The amount must be positive.');
    return { recipient, data: encodeFunctionData({ abi: ERC20_ABI, functionName: 'transfer', args: [recipient, intent.amount] }) };
  }

  async function checkTransfer(txId: string, intent: TransferIntent): Promise<TransferCheck> {
    if (!TX_HASH.test(txId)) return { status: 'failed', txId, code: 'NOT_FOUND', reason: 'This is not an EVM transaction hash.' };
    const hash = txId as Hash;
    const receipt = await call(() => client.getTransactionReceipt({ hash })).catch((error: unknown) => {
      if (error instanceof TransactionReceiptNotFoundError) return null;
      throw error;
    });
    if (!receipt) {
      const known = await call(() => client.getTransaction({ hash })).catch((error: unknown) => {
        if (error instanceof TransactionNotFoundError) return null;
        throw error;
      });
      return known
        ? { status: 'pending', txId }
        : { status: 'failed', txId, code: 'NOT_FOUND', reason: `The ${label} node knows no such transaction.` };
    }
    if (options.confirmations > 1) {
      const head = await call(() => client.getBlockNumber({ cacheTime: 0 }));
      if (head - receipt.blockNumber + 1n < BigInt(options.confirmations)) return { status: 'pending', txId };
    }
    const fail = (code: Extract<TransferCheck, { status: 'failed' }>['code'], reason: string): TransferCheck => ({
      status: 'failed',
      txId,
      code,
      reason,
    });
    if (receipt.status !== 'success') return fail('REVERTED', 'The transaction failed on the chain.');
    if (!receipt.to || !isAddressEqual(receipt.to, usdc)) return fail('WRONG_TOKEN', 'The transaction is not a USDC transfer.');
    const payer = parseAddress(intent.payer, 'payer');
    if (!isAddressEqual(receipt.from, payer)) return fail('WRONG_PAYER', 'The transaction is not from the paying wallet.');
    const transfers = parseEventLogs({ abi: ERC20_ABI, eventName: 'Transfer', logs: receipt.logs }).filter((log) =>
      isAddressEqual(log.address, usdc),
    );
    if (transfers.length !== 1) return fail('NOT_A_TRANSFER', 'The transaction is not a single USDC transfer.');
    const [{ args }] = transfers;
    if (!isAddressEqual(args.from, payer)) return fail('WRONG_PAYER', 'The transfer is not from the paying wallet.');
    if (!isAddressEqual(args.to, parseAddress(intent.recipient, 'recipient')))
      return fail('WRONG_RECIPIENT', "The transfer does not go to the merchant's address.");
    if (args.value !== intent.amount) return fail('WRONG_AMOUNT', `The transfer is of ${args.value} base units, not ${intent.amount}.`);
    return { status: 'confirmed', txId };
  }

  const adapter: EvmAdapter = {
    chain: options.chain,
    usdc,
    chainId,
    sandbox: options.sandboxOwner !== undefined,
    sandboxRpcUrl: options.sandboxOwner !== undefined ? options.rpcUrl : undefined,

    async prepareTransfer(intent) {
      const { data } = transferData(intent);
      return {
        chain: options.chain,
        transaction: JSON.stringify({ to: usdc, data, value: '0x0', chainId }),
        fingerprint: '',
        lastValidBlockHeight: null,
      };
    },

    /** A wallet that only signs: `signed` is the 0x serialized signed transaction; it must be exactly the intent's transfer. */
    async submitSigned(signed, prepared) {
      const { data } = transferData(prepared.intent);
      let parsed: ReturnType<typeof parseTransaction>;
      let signer: Address;
      try {
        parsed = parseTransaction(signed as TransactionSerialized);
        signer = await recoverTransactionAddress({ serializedTransaction: signed as TransactionSerialized });
      } catch {
        throw new ChainError('BAD_SIGNATURE', 'The transaction is not a correctly signed EVM transaction.');
      }
      if (
        !parsed.to ||
        !isAddressEqual(parsed.to, usdc) ||
        parsed.data !== data ||
        (parsed.value ?? 0n) !== 0n ||
        parsed.chainId !== chainId
      ) {
        throw new ChainError('TAMPERED', 'The signed transaction is not the one prepared for this payment.');
      }
      if (!isAddressEqual(signer, parseAddress(prepared.intent.payer, 'payer')))
        throw new ChainError('BAD_SIGNATURE', 'The transaction is not signed by the paying wallet.');
      const txId = await call(() => client.sendRawTransaction({ serializedTransaction: signed as TransactionSerialized })).catch(
        (error: unknown) => {
          if (error instanceof ChainError) throw error;
          throw new ChainError('REVERTED', `The ${label} node refused the transaction.`, { cause: error });
        },
      );
      return { txId };
    },

    checkTransfer,
    waitForTransfer: (txId, intent, { timeoutMs }) => pollUntilSettled(() => checkTransfer(txId, intent), timeoutMs, 500),

    walletAddress: (seed) => privateKeyToAccount(toHex(seed)).address,

    async signTransfer(intent, seed) {
      const account = privateKeyToAccount(toHex(seed));
      if (!isAddressEqual(account.address, parseAddress(intent.payer, 'payer')))
        throw new ChainError('WRONG_PAYER', 'The transfer is not from the wallet whose key signs it.');
      const { data } = transferData(intent);
      // The node fills the nonce, gas and fees; signed here, so the hash is known (and recorded) before it is sent.
      const request = await call(() => client.prepareTransactionRequest({ account, to: usdc, data, value: 0n, chain: null, chainId }));
      const signed = await account.signTransaction(request as TransactionSerializable);
      return { txId: keccak256(signed), signed, lastValidBlockHeight: null };
    },

    async sendSigned(signed) {
      await call(() => client.sendRawTransaction({ serializedTransaction: signed as TransactionSerialized })).catch((error: unknown) => {
        if (error instanceof ChainError) throw error;
        // Sent before (a retry of the same bytes): it is the node's already, or mined; checkTransfer tells.
        if (/already known|nonce too low/i.test(error instanceof Error ? error.message : String(error))) return;
        throw new ChainError('REVERTED', `The ${label} node refused the transaction.`, { cause: error });
      });
    },
    close: closeSocket,
  };

  const owner = options.sandboxOwner;
  if (owner) {
    adapter.faucet = async (address, amount) => {
      const to = parseAddress(address, 'payer');
      const { test } = sandboxClients(transport);
      await call(() => test.setBalance({ address: to, value: SANDBOX_GAS_WEI }));
      // The mint's receipt may take a few polls on a busy machine: as long as call() allows (2 × rpcTimeoutMs + 1 s).
      if (amount > 0n) await call(() => mintTestToken(transport, usdc, owner, to, amount, options.rpcTimeoutMs * 2));
    };
    adapter.sandboxRecipient = async () => privateKeyToAccount(generatePrivateKey()).address;
    adapter.sandboxUsdcBalance = async (address) =>
      call(() => client.readContract({ address: usdc, abi: ERC20_ABI, functionName: 'balanceOf', args: [parseAddress(address, 'payer')] }));
  }
  return adapter;
}
