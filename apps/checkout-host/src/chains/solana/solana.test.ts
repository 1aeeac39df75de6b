import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Keypair, PublicKey, Transaction, TransactionInstruction, TransactionMessage, VersionedTransaction } from '@solana/web3.js';
import { createTransferCheckedInstruction, getAssociatedTokenAddressSync } from '@solana/spl-token';
import bs58 from 'bs58';
import { ChainError, SOLANA_TRANSACTION_VERSIONS, type TransferIntent } from '../types.ts';
import { startLiteSvmProcess, type LiteSvmChain } from './litesvm-client.ts';
import { createSolanaAdapter } from './adapter.ts';
import { MEMO_PROGRAM_ID } from './transfer.ts';
import { PACKET_DATA_SIZE } from './rules.ts';
import { createRpcBackend } from './rpc-backend.ts';
import { freePort } from '../evm/anvil.ts';

// The Solana adapter against the litesvm chain in its child process: real SPL token program, real signatures.
let chain: LiteSvmChain;
beforeAll(async () => {
  chain = await startLiteSvmProcess();
}, 120_000);
afterAll(() => chain.close());

function setup() {
  const backend = chain;
  const adapter = createSolanaAdapter({ backend, usdcMint: backend.usdcMint });
  return { backend, adapter, tools: backend.sandboxTools };
}

async function shopper(adapter: ReturnType<typeof setup>['adapter'], usdc = 50_000_000n) {
  const payer = Keypair.generate();
  await adapter.faucet!(payer.publicKey.toBase58(), usdc);
  const recipient = await adapter.sandboxRecipient!();
  return { payer, recipient };
}

/** Signs as a wallet would, whichever form it is given: a v0 VersionedTransaction or a legacy Transaction. */
function sign(serialized: string, signer: Keypair): string {
  const bytes = bs58.decode(serialized);
  const versioned = VersionedTransaction.deserialize(bytes);
  if (versioned.version !== 'legacy') {
    versioned.sign([signer]);
    return bs58.encode(versioned.serialize());
  }
  const tx = Transaction.from(bytes);
  tx.partialSign(signer);
  return bs58.encode(tx.serialize());
}

async function refusalOf(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChainError);
  return { code: (error as ChainError).code, message: (error as ChainError).message };
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ChainError);
  return (error as ChainError).code;
}

describe('solana adapter (litesvm)', () => {
  it('moves USDC for a signed prepared transfer and confirms it', async () => {
    const { adapter } = setup();
    const { payer, recipient } = await shopper(adapter);
    const intent: TransferIntent = { payer: payer.publicKey.toBase58(), recipient, amount: 12_340_000n, reference: 'session-1' };
    const prepared = await adapter.prepareTransfer(intent);
    expect(prepared.chain).toBe('solana');
    const { txId } = await adapter.submitSigned(sign(prepared.transaction, payer), { fingerprint: prepared.fingerprint, intent });
    expect(await adapter.checkTransfer(txId, intent)).toEqual({ status: 'confirmed', txId });
    expect(await adapter.waitForTransfer(txId, intent, { timeoutMs: 5_000 })).toEqual({ status: 'confirmed', txId });
    expect(await adapter.sandboxUsdcBalance!(recipient)).toBe(12_340_000n);
    expect(await adapter.sandboxUsdcBalance!(intent.payer)).toBe(50_000_000n - 12_340_000n);
  });

  it('refuses a signed transaction whose amount or recipient was changed after preparing', async () => {
    const { adapter, backend } = setup();
    const { payer, recipient } = await shopper(adapter);
    const intent: TransferIntent = { payer: payer.publicKey.toBase58(), recipient, amount: 1_000_000n, reference: 'session-2' };
    const prepared = await adapter.prepareTransfer(intent);
    const thief = await adapter.sandboxRecipient!();
    for (const changed of [
      { ...intent, amount: 2_000_000n },
      { ...intent, recipient: thief },
    ]) {
      const other = await adapter.prepareTransfer(changed);
      const code = await refusal(adapter.submitSigned(sign(other.transaction, payer), { fingerprint: prepared.fingerprint, intent }));
      expect(code).toBe('TAMPERED');
    }
    expect(await adapter.sandboxUsdcBalance!(recipient)).toBe(0n);
    expect(await adapter.sandboxUsdcBalance!(thief)).toBe(0n);
    // Unsigned, or signed by someone else: refused, nothing moves.
    expect(await refusal(adapter.submitSigned(prepared.transaction, { fingerprint: prepared.fingerprint, intent }))).toBe('BAD_SIGNATURE');
    const forged = Transaction.from(bs58.decode(prepared.transaction));
    forged.signatures[0].signature = Buffer.from(Keypair.generate().secretKey.subarray(0, 64));
    const forgedBytes = bs58.encode(forged.serialize({ requireAllSignatures: false, verifySignatures: false }));
    expect(await refusal(adapter.submitSigned(forgedBytes, { fingerprint: prepared.fingerprint, intent }))).toBe('BAD_SIGNATURE');
    expect(await backend.sandboxTools.tokenBalance(payer.publicKey)).toBe(50_000_000n);
  });

  it('refuses a transaction whose blockhash expired', async () => {
    const { adapter, tools } = setup();
    const { payer, recipient } = await shopper(adapter);
    const intent: TransferIntent = { payer: payer.publicKey.toBase58(), recipient, amount: 1_000_000n, reference: 'session-3' };
    const prepared = await adapter.prepareTransfer(intent);
    await tools.expireBlockhash();
    const code = await refusal(adapter.submitSigned(sign(prepared.transaction, payer), { fingerprint: prepared.fingerprint, intent }));
    expect(code).toBe('EXPIRED');
    expect(await adapter.sandboxUsdcBalance!(recipient)).toBe(0n);
  });

  it('does not count a transfer of another token, to another account, of another amount or for another payment', async () => {
    const { adapter, backend, tools } = setup();
    const { payer, recipient } = await shopper(adapter);
    const intent: TransferIntent = { payer: payer.publicKey.toBase58(), recipient, amount: 3_000_000n, reference: 'session-4' };
    const usdc = backend.usdcMint;
    const fakeMint = await tools.createMint();
    await tools.mintTokens(fakeMint, payer.publicKey, 10_000_000n);
    await tools.createTokenAccount(new PublicKey(recipient), fakeMint);
    const stranger = Keypair.generate().publicKey;
    await tools.createTokenAccount(stranger);

    // Transfers built and signed outside the adapter, as a wallet sending by itself would.
    const sendTransfer = async (mint: PublicKey, to: PublicKey, amount: bigint, reference: string) => {
      const { blockhash, lastValidBlockHeight } = await backend.latestBlockhash();
      const tx = new Transaction({ feePayer: payer.publicKey, blockhash, lastValidBlockHeight }).add(
        createTransferCheckedInstruction(
          getAssociatedTokenAddressSync(mint, payer.publicKey),
          mint,
          getAssociatedTokenAddressSync(mint, to),
          payer.publicKey,
          amount,
          6,
        ),
        new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(reference) }),
      );
      tx.sign(payer);
      return tools.send(tx);
    };
    const recipientKey = new PublicKey(recipient);
    const cases = [
      { txId: await sendTransfer(fakeMint, recipientKey, 3_000_000n, 'session-4'), code: 'WRONG_TOKEN' },
      { txId: await sendTransfer(usdc, stranger, 3_000_000n, 'session-4'), code: 'WRONG_RECIPIENT' },
      { txId: await sendTransfer(usdc, recipientKey, 2_999_999n, 'session-4'), code: 'WRONG_AMOUNT' },
      { txId: await sendTransfer(usdc, recipientKey, 3_000_000n, 'session-other'), code: 'WRONG_REFERENCE' },
    ];
    for (const { txId, code } of cases) {
      expect(await adapter.checkTransfer(txId, intent)).toMatchObject({ status: 'failed', txId, code });
    }
    const right = await sendTransfer(usdc, recipientKey, 3_000_000n, 'session-4');
    expect(await adapter.checkTransfer(right, intent)).toEqual({ status: 'confirmed', txId: right });
    // The right transfer is still not another payer's payment.
    const otherPayer = Keypair.generate().publicKey.toBase58();
    expect(await adapter.checkTransfer(right, { ...intent, payer: otherPayer })).toMatchObject({ status: 'failed', code: 'WRONG_PAYER' });
    expect(await adapter.checkTransfer(bs58.encode(new Uint8Array(64).fill(7)), intent)).toMatchObject({
      status: 'failed',
      code: 'NOT_FOUND',
    });
  });

  it('refuses a transaction signed for reference A when session B submits it', async () => {
    const { adapter } = setup();
    const { payer, recipient } = await shopper(adapter);
    const intentA: TransferIntent = { payer: payer.publicKey.toBase58(), recipient, amount: 1_000_000n, reference: 'session-A' };
    const intentB: TransferIntent = { ...intentA, reference: 'session-B' };
    const preparedA = await adapter.prepareTransfer(intentA);
    const signedA = sign(preparedA.transaction, payer);
    // B's host holds B's fingerprint: A's tx does not match it; and even with A's fingerprint it is not B's transfer.
    const preparedB = await adapter.prepareTransfer(intentB);
    expect(await refusal(adapter.submitSigned(signedA, { fingerprint: preparedB.fingerprint, intent: intentB }))).toBe('TAMPERED');
    expect(await refusal(adapter.submitSigned(signedA, { fingerprint: preparedA.fingerprint, intent: intentB }))).toBe('WRONG_REFERENCE');
    const { txId } = await adapter.submitSigned(signedA, { fingerprint: preparedA.fingerprint, intent: intentA });
    expect(await adapter.checkTransfer(txId, intentB)).toMatchObject({ status: 'failed', code: 'WRONG_REFERENCE' });
    expect(await adapter.checkTransfer(txId, intentA)).toEqual({ status: 'confirmed', txId });
  });

  it('refuses transactions beyond the packet size, and malformed ones', async () => {
    const { adapter } = setup();
    const { payer, recipient } = await shopper(adapter);
    const intent: TransferIntent = { payer: payer.publicKey.toBase58(), recipient, amount: 1_000_000n, reference: 'session-5' };
    const prepared = await adapter.prepareTransfer(intent);
    expect(bs58.decode(prepared.transaction).length).toBeLessThanOrEqual(PACKET_DATA_SIZE);
    const oversized = bs58.encode(new Uint8Array(PACKET_DATA_SIZE + 1).fill(1));
    expect(await refusal(adapter.submitSigned(oversized, { fingerprint: prepared.fingerprint, intent }))).toBe('TAMPERED');
    expect(await refusal(adapter.submitSigned('0OIl', { fingerprint: prepared.fingerprint, intent }))).toBe('TAMPERED');
    expect(await refusal(adapter.submitSigned(bs58.encode(new Uint8Array([1, 2, 3])), { fingerprint: prepared.fingerprint, intent }))).toBe(
      'TAMPERED',
    );
    // A memo so long the transaction cannot fit one packet is refused when preparing, before any wallet sees it.
    await expect(adapter.prepareTransfer({ ...intent, reference: 'x'.repeat(1300) })).rejects.toThrow(/1232/);
  });

  it('refuses addresses that are not wallets and amounts that are not positive', async () => {
    const { adapter } = setup();
    const { payer, recipient } = await shopper(adapter);
    const intent: TransferIntent = { payer: payer.publicKey.toBase58(), recipient, amount: 1n, reference: 'r' };
    expect(await refusal(adapter.prepareTransfer({ ...intent, payer: 'not-a-key' }))).toBe('WRONG_PAYER');
    expect(
      await refusal(
        adapter.prepareTransfer({
          ...intent,
          recipient: getAssociatedTokenAddressSync(new PublicKey(adapter.usdc), payer.publicKey).toBase58(),
        }),
      ),
    ).toBe('WRONG_RECIPIENT');
    expect(await refusal(adapter.prepareTransfer({ ...intent, amount: 0n }))).toBe('WRONG_AMOUNT');
  });

  it('prepares a v0 versioned transaction on request (no lookup tables), and confirms it once signed', async () => {
    const { adapter } = setup();
    const { payer, recipient } = await shopper(adapter);
    const intent: TransferIntent = { payer: payer.publicKey.toBase58(), recipient, amount: 4_560_000n, reference: 'session-v0' };
    const prepared = await adapter.prepareTransfer(intent, { solanaVersion: 'v0' });
    const unsigned = VersionedTransaction.deserialize(bs58.decode(prepared.transaction));
    expect(unsigned.version).toBe(0);
    expect(unsigned.message.addressTableLookups).toEqual([]);
    expect(unsigned.message.staticAccountKeys[0].equals(payer.publicKey)).toBe(true);
    // Without the option it stays legacy.
    expect(VersionedTransaction.deserialize(bs58.decode((await adapter.prepareTransfer(intent)).transaction)).version).toBe('legacy');
    const { txId } = await adapter.submitSigned(sign(prepared.transaction, payer), { fingerprint: prepared.fingerprint, intent });
    expect(await adapter.checkTransfer(txId, intent)).toEqual({ status: 'confirmed', txId });
    expect(await adapter.sandboxUsdcBalance!(recipient)).toBe(4_560_000n);
    expect(await adapter.sandboxUsdcBalance!(intent.payer)).toBe(50_000_000n - 4_560_000n);
  });

  it('refuses a tampered v0 transaction (amount or destination changed) with the same error as a tampered legacy one', async () => {
    const { adapter } = setup();
    const { payer, recipient } = await shopper(adapter);
    const thief = await adapter.sandboxRecipient!();
    const refusals: Record<string, { code: string; message: string }[]> = {};
    for (const solanaVersion of SOLANA_TRANSACTION_VERSIONS) {
      const intent: TransferIntent = {
        payer: payer.publicKey.toBase58(),
        recipient,
        amount: 1_000_000n,
        reference: `tamper-${solanaVersion}`,
      };
      const prepared = await adapter.prepareTransfer(intent, { solanaVersion });
      refusals[solanaVersion] = [];
      for (const changed of [
        { ...intent, amount: 2_000_000n },
        { ...intent, recipient: thief },
      ]) {
        // The wallet (or anyone between) signs another transfer of the same form in place of the prepared one.
        const other = await adapter.prepareTransfer(changed, { solanaVersion });
        refusals[solanaVersion].push(
          await refusalOf(adapter.submitSigned(sign(other.transaction, payer), { fingerprint: prepared.fingerprint, intent })),
        );
        // Even with the tampered transaction's own fingerprint it is not this payment's transfer.
        refusals[solanaVersion].push(
          await refusalOf(adapter.submitSigned(sign(other.transaction, payer), { fingerprint: other.fingerprint, intent })),
        );
      }
    }
    expect(refusals.v0).toEqual([
      { code: 'TAMPERED', message: 'The signed transaction is not the one prepared for this payment.' },
      { code: 'WRONG_AMOUNT', message: 'The transfer is of 2000000 base units, not 1000000.' },
      { code: 'TAMPERED', message: 'The signed transaction is not the one prepared for this payment.' },
      { code: 'WRONG_RECIPIENT', message: "The transfer does not go to the merchant's account." },
    ]);
    expect(refusals.v0).toEqual(refusals.legacy);
    expect(await adapter.sandboxUsdcBalance!(recipient)).toBe(0n);
    expect(await adapter.sandboxUsdcBalance!(thief)).toBe(0n);
  });

  it('judges a v0 transfer a wallet sent by itself as it judges a legacy one: wrong amount or destination refused, the right one confirmed', async () => {
    const { adapter, backend, tools } = setup();
    const { payer, recipient } = await shopper(adapter);
    const intent: TransferIntent = { payer: payer.publicKey.toBase58(), recipient, amount: 3_000_000n, reference: 'session-sent-v0' };
    const stranger = Keypair.generate().publicKey;
    await tools.createTokenAccount(stranger);
    const sendV0 = async (to: PublicKey, amount: bigint) => {
      const { blockhash } = await backend.latestBlockhash();
      const message = new TransactionMessage({
        payerKey: payer.publicKey,
        recentBlockhash: blockhash,
        instructions: [
          createTransferCheckedInstruction(
            getAssociatedTokenAddressSync(backend.usdcMint, payer.publicKey),
            backend.usdcMint,
            getAssociatedTokenAddressSync(backend.usdcMint, to),
            payer.publicKey,
            amount,
            6,
          ),
          new TransactionInstruction({ programId: MEMO_PROGRAM_ID, keys: [], data: Buffer.from(intent.reference) }),
        ],
      }).compileToV0Message();
      const tx = new VersionedTransaction(message);
      tx.sign([payer]);
      return tools.send(tx);
    };
    const wrongAmount = await sendV0(new PublicKey(recipient), 2_999_999n);
    expect(await adapter.checkTransfer(wrongAmount, intent)).toEqual({
      status: 'failed',
      txId: wrongAmount,
      code: 'WRONG_AMOUNT',
      reason: 'The transfer is of 2999999 base units, not 3000000.',
    });
    const wrongDestination = await sendV0(stranger, 3_000_000n);
    expect(await adapter.checkTransfer(wrongDestination, intent)).toEqual({
      status: 'failed',
      txId: wrongDestination,
      code: 'WRONG_RECIPIENT',
      reason: "The transfer does not go to the merchant's account.",
    });
    const right = await sendV0(new PublicKey(recipient), 3_000_000n);
    expect(await adapter.checkTransfer(right, intent)).toEqual({ status: 'confirmed', txId: right });
  });

  it('says the node is unreachable when a configured RPC node does not answer', async () => {
    const port = await freePort();
    const backend = createRpcBackend({ rpcUrl: `http://127.0.0.1:${port}`, rpcTimeoutMs: 2_000 });
    const adapter = createSolanaAdapter({ backend, usdcMint: Keypair.generate().publicKey });
    expect(adapter.sandbox).toBe(false);
    expect(adapter.faucet).toBeUndefined();
    const intent: TransferIntent = {
      payer: Keypair.generate().publicKey.toBase58(),
      recipient: Keypair.generate().publicKey.toBase58(),
      amount: 1n,
      reference: 'r',
    };
    await expect(adapter.prepareTransfer(intent)).rejects.toMatchObject({
      code: 'NODE_UNREACHABLE',
      message: 'The Solana node is not reachable.',
    });
    await expect(adapter.checkTransfer(bs58.encode(new Uint8Array(64).fill(1)), intent)).rejects.toMatchObject({
      code: 'NODE_UNREACHABLE',
    });
  });

  it('runs the sandbox chain in a process of its own; once that process is gone every call is NODE_UNREACHABLE', async () => {
    const own = await startLiteSvmProcess();
    const adapter = createSolanaAdapter({ backend: own, usdcMint: own.usdcMint });
    const { payer } = await shopper(adapter, 1_000_000n);
    expect(await own.sandboxTools.tokenBalance(payer.publicKey)).toBe(1_000_000n);
    // close() ends the child; a call after that is a chain that stopped answering, not a hang.
    await own.close();
    await expect(own.blockHeight()).rejects.toMatchObject({ code: 'NODE_UNREACHABLE' });
    await expect(adapter.faucet!(Keypair.generate().publicKey.toBase58(), 1n)).rejects.toBeInstanceOf(ChainError);
  });
});
