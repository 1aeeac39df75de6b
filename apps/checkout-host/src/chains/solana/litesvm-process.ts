// The litesvm sandbox chain in a process of its own (ADR 021). litesvm's native binding corrupts V8's
// heap after BPF programs run (LiteSVM issue #171): in the store's process that surfaced as PGlite
// failing to open a table's file ("could not open file base/5/…") minutes later. Here it can only hurt
// itself; the store talks to it through litesvm-client.ts. Started by fork() with
// --no-allocation-site-pretenuring, which avoids the abort the corruption otherwise causes.
import { PublicKey } from '@solana/web3.js';
import { ChainError } from '../types.ts';
import { createLiteSvmBackend, deserializeSigned } from './litesvm-backend.ts';
import type { LiteSvmReady, LiteSvmReply, LiteSvmRequest, WireTxRecord } from './litesvm-wire.ts';

const backend = createLiteSvmBackend();
const tools = backend.sandboxTools;
const key = (base58: string) => new PublicKey(base58);
const optionalKey = (base58?: string) => (base58 === undefined ? undefined : key(base58));

async function perform(request: LiteSvmRequest): Promise<unknown> {
  switch (request.op) {
    case 'latestBlockhash':
      return backend.latestBlockhash();
    case 'blockHeight':
      return backend.blockHeight();
    case 'blockhashExpired':
      return backend.blockhashExpired(request.blockhash, request.lastValidBlockHeight);
    case 'sendRaw':
      return backend.sendRaw(request.serialized, request.signature);
    case 'getTransaction': {
      const record = await backend.getTransaction(request.signature);
      if (record === null || record === 'pending') return record;
      const wire: WireTxRecord = {
        message: record.message.serialize(),
        loadedAddresses: {
          writable: record.loadedAddresses.writable.map((k) => k.toBase58()),
          readonly: record.loadedAddresses.readonly.map((k) => k.toBase58()),
        },
        error: record.error,
      };
      return wire;
    }
    case 'airdrop':
      return tools.airdrop(key(request.owner), request.lamports);
    case 'mintUsdc':
      return tools.mintUsdc(key(request.owner), request.amount);
    case 'createTokenAccount':
      return (await tools.createTokenAccount(key(request.owner), optionalKey(request.mint))).toBase58();
    case 'tokenBalance':
      return tools.tokenBalance(key(request.owner), optionalKey(request.mint));
    case 'createMint':
      return (await tools.createMint()).toBase58();
    case 'mintTokens':
      return tools.mintTokens(key(request.mint), key(request.owner), request.amount);
    case 'expireBlockhash':
      return tools.expireBlockhash();
    case 'send':
      return tools.send(deserializeSigned(request.serialized));
  }
}

function reply(message: LiteSvmReply | LiteSvmReady) {
  process.send?.(message);
}

process.on('message', (request: LiteSvmRequest) => {
  perform(request).then(
    (value) => reply({ id: request.id, ok: true, value }),
    (error: unknown) =>
      reply({
        id: request.id,
        ok: false,
        error: {
          chainCode: error instanceof ChainError ? error.code : undefined,
          message: error instanceof Error ? error.message : String(error),
        },
      }),
  );
});
// The store went away (or closed us): nothing left to serve.
process.on('disconnect', () => process.exit(0));
reply({ ready: true, usdcMint: backend.usdcMint.toBase58() });
