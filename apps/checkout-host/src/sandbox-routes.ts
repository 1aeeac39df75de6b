// POST /sandbox/faucet { chain, address, usdcCents }: test USDC (and fee money) for a wallet on a local
// sandbox chain. A demo door (ADR 006): demo mode only, and only for a browser on this machine.
import type { FastifyPluginAsync, onRequestAsyncHookHandler } from 'fastify';
import { z } from 'zod';
import { AppError } from '@store/server-kit';
import { CHAIN_NAMES, type ChainName, type ChainRegistry } from './chains/index.ts';
import { USDC_UNITS_PER_CENT } from './service.ts';
import { parseOr400, validAddress } from './validation.ts';

const faucetBody = z.strictObject({
  chain: z.enum(CHAIN_NAMES as [ChainName, ...ChainName[]]),
  address: z.string().min(32).max(64),
  usdcCents: z.number().int().min(0).max(100_000_00),
});

export const sandboxRoutes: FastifyPluginAsync<{ chains: ChainRegistry; demoDoor: onRequestAsyncHookHandler }> = async (
  app,
  { chains, demoDoor },
) => {
  app.post('/sandbox/faucet', { onRequest: demoDoor }, async (request) => {
    const { chain, address, usdcCents } = parseOr400(faucetBody, request.body);
    if (!validAddress(chain, address))
      throw new AppError(400, 'VALIDATION_FAILED', `Invalid address: not a ${chain} wallet address.`, 'address');
    const adapter = await chains.get(chain);
    if (!adapter.faucet) throw new AppError(404, 'NOT_FOUND', `${chain} is a real network here: it has no faucet.`, 'chain');
    await adapter.faucet(address, BigInt(usdcCents) * USDC_UNITS_PER_CENT);
    return {
      success: true,
      data: {
        chain,
        address,
        usdc: adapter.usdc,
        usdcBaseUnits: (BigInt(usdcCents) * USDC_UNITS_PER_CENT).toString(),
        // A test wallet outside this process sends its EVM transactions to the local node itself.
        ...(adapter.sandboxRpcUrl ? { rpcUrl: adapter.sandboxRpcUrl } : {}),
      },
    };
  });
};
