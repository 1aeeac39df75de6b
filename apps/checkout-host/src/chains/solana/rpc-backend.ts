import { Connection, SendTransactionError, SolanaJSONRPCError, type PublicKey } from '@solana/web3.js';
import { ChainError } from '../types.ts';
import { unreachable, withNodeTimeout } from '../timeout.ts';
import type { SolanaBackend } from './backend.ts';

export interface SolanaRpcOptions {
  rpcUrl: string;
  wsUrl?: string;
  rpcTimeoutMs: number;
}

/**
 * A real Solana node by JSON-RPC (HTTP for calls; the WebSocket endpoint is given to web3.js for its
 * subscriptions). Every call has a time limit; a transport failure or a timeout is NODE_UNREACHABLE.
 */
export function createRpcBackend({ rpcUrl, wsUrl, rpcTimeoutMs }: SolanaRpcOptions): SolanaBackend {
  const timedFetch: typeof fetch = (input, init) => fetch(input, { ...init, signal: AbortSignal.timeout(rpcTimeoutMs) });
  const connection = new Connection(rpcUrl, {
    wsEndpoint: wsUrl,
    commitment: 'confirmed',
    fetch: timedFetch,
    disableRetryOnRateLimit: true,
  });

  async function call<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await withNodeTimeout('Solana', rpcTimeoutMs, run);
    } catch (error) {
      if (error instanceof ChainError) throw error;
      // A JSON-RPC error is the node answering; anything else (refused, reset, aborted) means it is not reachable.
      if (error instanceof SolanaJSONRPCError || error instanceof SendTransactionError) throw error;
      throw unreachable('Solana', error);
    }
  }

  return {
    sandbox: false,
    latestBlockhash: () => call(() => connection.getLatestBlockhash('confirmed')),
    blockHeight: () => call(() => connection.getBlockHeight('confirmed')),
    async blockhashExpired(blockhash, lastValidBlockHeight) {
      const valid = await call(() => connection.isBlockhashValid(blockhash, { commitment: 'confirmed' }));
      if (!valid.value) return true;
      if (lastValidBlockHeight === null) return false;
      return (await call(() => connection.getBlockHeight('confirmed'))) > lastValidBlockHeight;
    },
    async sendRaw(serialized) {
      try {
        return await call(() => connection.sendRawTransaction(serialized, { preflightCommitment: 'confirmed', maxRetries: 5 }));
      } catch (error) {
        if (error instanceof ChainError) throw error;
        const text = error instanceof Error ? error.message : String(error);
        if (/blockhash not found/i.test(text))
          throw new ChainError('EXPIRED', 'The transaction expired before it reached the chain; please sign it again.');
        if (/signature/i.test(text) && /verif/i.test(text))
          throw new ChainError('BAD_SIGNATURE', 'The transaction is not correctly signed.');
        throw new ChainError('REVERTED', `The transaction failed on the chain (${text}).`, { cause: error });
      }
    },
    async getTransaction(signature) {
      const found = await call(() => connection.getTransaction(signature, { commitment: 'confirmed', maxSupportedTransactionVersion: 0 }));
      if (found) {
        const loaded = found.meta?.loadedAddresses;
        return {
          message: found.transaction.message,
          loadedAddresses: { writable: (loaded?.writable ?? []) as PublicKey[], readonly: (loaded?.readonly ?? []) as PublicKey[] },
          error: found.meta?.err ? JSON.stringify(found.meta.err) : null,
        };
      }
      const status = await call(() => connection.getSignatureStatuses([signature], { searchTransactionHistory: true }));
      return status.value[0] ? 'pending' : null;
    },
    close: () => Promise.resolve(),
  };
}
