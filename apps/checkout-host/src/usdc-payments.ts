// Paying a session with USDC through the chain adapters: preparing the transfer to the merchant's settlement
// address, taking the signed or sent transaction, and waiting for it to confirm (reconciliation finishes late ones).
import { AppError, conflict, notFound, unprocessable } from '@store/server-kit';
import {
  ChainError,
  CHAIN_NAMES,
  type ChainAdapter,
  type ChainName,
  type PrepareOptions,
  type TransferCheck,
  type TransferIntent,
} from './chains/index.ts';
import type { CheckoutHostContext } from './context.ts';
import type { Payer } from './fraud-gate.ts';
import * as repo from './repository.ts';
import { settlementSeed } from './secret.ts';
import { refuseUnlessAllowed, successInfo } from './session-views.ts';

/** How long a request waits for a chain transfer to confirm before answering 'processing' (reconciliation finishes it). */
export const TRANSFER_WAIT_MS = 60_000;
/** USDC has 6 decimals: base units = cents × 10_000. */
export const USDC_UNITS_PER_CENT = 10_000n;

const chainFault = (err: ChainError) =>
  err.code === 'NODE_UNREACHABLE'
    ? new AppError(503, 'NODE_UNREACHABLE', err.message)
    : new AppError(
        422,
        err.code,
        err.message,
        err.code === 'WRONG_AMOUNT'
          ? 'amount'
          : err.code === 'WRONG_TOKEN'
            ? 'token'
            : err.code === 'WRONG_RECIPIENT'
              ? 'recipient'
              : undefined,
      );

/** The transfer a recorded chain payment must be. */
export const intentOf = (p: repo.ChainPaymentRow): TransferIntent => ({
  payer: p.payer,
  recipient: p.recipient,
  amount: BigInt(p.amountBaseUnits),
  reference: p.sessionId,
});

export function createUsdcPayments(ctx: CheckoutHostContext) {
  const { db, log, chains, decide } = ctx;
  const waitMs = ctx.transferWaitMs;

  async function adapterOf(chain: ChainName): Promise<ChainAdapter> {
    try {
      return await chains.get(chain);
    } catch (err) {
      log.warn({ err, chain }, 'chain adapter unavailable');
      throw new AppError(503, 'NODE_UNREACHABLE', `The ${chain} network is not reachable right now.`);
    }
  }

  /**
   * The merchant's own address on the chain, else (on a sandbox chain) the host's settlement wallet of the
   * merchant, whose key the host derives (secret.ts): it can send a refund back from there (usdc-refunds.ts).
   */
  async function settlementAddress(merchantId: string, chain: ChainName, adapter: ChainAdapter): Promise<string> {
    const merchant = (await repo.findMerchant(db, merchantId))!;
    const known = merchant.settlementAddresses[chain];
    if (known) return known;
    if (!adapter.faucet) throw unprocessable(`This merchant takes no USDC on ${chain}.`, 'chain');
    const address = adapter.walletAddress(settlementSeed(ctx.secret, merchantId, chain));
    // Fee money for the refunds it sends and, on Solana, its USDC token account.
    await adapter.faucet(address, 0n);
    return repo.setSettlementAddressOnce(db, merchantId, chain, address);
  }

  /**
   * The transfer the wallet is to sign or send. The fraud check comes here, before the shopper is asked to
   * sign (ADR 045): once a wallet has sent the transfer the money has moved, and a decline would strand it.
   * options.solanaVersion: a legacy (default) or v0 Solana transaction (README, "Solana: legacy or v0"); the
   * fingerprint pins whichever form was prepared, and the checks read both forms alike.
   */
  async function prepareUsdc(
    session: repo.SessionRow,
    chain: ChainName,
    payer: string,
    who: Payer = { address: null },
    options: PrepareOptions = {},
  ) {
    refuseUnlessAllowed(session, 'usdc');
    if (session.status !== 'open') throw conflict('This session is not open for payment.', 'sessionKey');
    if (!CHAIN_NAMES.includes(chain)) throw unprocessable(`Unknown chain ${chain}.`, 'chain');
    const screened = await ctx.fraud.screen(session, 'usdc', who);
    if (screened.declined) return screened.declined;
    const adapter = await adapterOf(chain);
    const recipient = await settlementAddress(session.merchantId, chain, adapter);
    const intent: TransferIntent = { payer, recipient, amount: BigInt(session.amountCents) * USDC_UNITS_PER_CENT, reference: session.id };
    let prepared;
    try {
      prepared = await adapter.prepareTransfer(intent, options);
    } catch (err) {
      if (err instanceof ChainError) throw chainFault(err);
      throw err;
    }
    const paymentId = await repo.insertChainPayment(db, {
      sessionId: session.id,
      chain,
      payer,
      recipient,
      amountBaseUnits: intent.amount.toString(),
      fingerprint: prepared.fingerprint || null,
      lastValidBlockHeight: prepared.lastValidBlockHeight,
    });
    await screened.record(paymentId);
    return {
      status: 'prepared' as const,
      paymentId,
      chain,
      transaction: prepared.transaction,
      amountBaseUnits: intent.amount.toString(),
      recipient,
      usdc: adapter.usdc,
      chainId: adapter.chainId,
    };
  }

  async function chainPaymentOf(session: repo.SessionRow, paymentId: string): Promise<repo.ChainPaymentRow> {
    const payment = await repo.findChainPayment(db, paymentId);
    if (!payment || payment.sessionId !== session.id) throw notFound('No such payment attempt for this session.');
    return payment;
  }

  /** Solana signTransaction mode: the signed tx must be exactly the prepared one; submitted, then awaited. */
  async function submitSigned(session: repo.SessionRow, paymentId: string, signed: string) {
    const payment = await chainPaymentOf(session, paymentId);
    if (payment.status !== 'prepared') throw conflict('This payment attempt was already submitted.', 'paymentId');
    const adapter = await adapterOf(payment.chain as ChainName);
    const claimed = await repo.moveSession(db, session.id, ['open'], { status: 'processing', method: 'usdc', chain: payment.chain });
    if (!claimed) throw conflict('This session is not open for payment.', 'sessionKey');
    let txId: string;
    try {
      ({ txId } = await adapter.submitSigned(signed, {
        fingerprint: payment.fingerprint ?? '',
        intent: intentOf(payment),
        lastValidBlockHeight: payment.lastValidBlockHeight,
      }));
    } catch (err) {
      await repo.moveSession(db, session.id, ['processing'], { status: 'open' });
      if (err instanceof ChainError) {
        if (err.code !== 'NODE_UNREACHABLE')
          await repo.updateChainPayment(db, payment.id, ['prepared'], {
            status: 'failed',
            failureCode: err.code,
            failureReason: err.message,
          });
        throw chainFault(err);
      }
      throw err;
    }
    return recordAndWait(claimed, payment, adapter, txId);
  }

  /** EVM sendTransaction and 'user' mode: the wallet sent it; the host records the id (once per chain) and awaits it. */
  async function recordTransaction(session: repo.SessionRow, paymentId: string, txId: string) {
    const payment = await chainPaymentOf(session, paymentId);
    const valid = payment.chain === 'solana' ? /^[1-9A-HJ-NP-Za-km-z]{64,90}$/.test(txId) : /^0x[0-9a-fA-F]{64}$/.test(txId);
    if (!valid) throw new AppError(400, 'BAD_REQUEST', `txId is not a ${payment.chain} transaction id.`, 'txId');
    if (await repo.findChainPaymentByTx(db, payment.chain, txId))
      throw conflict('This transaction was already used for a payment.', 'txId');
    if (payment.status !== 'prepared') throw conflict('This payment attempt was already submitted.', 'paymentId');
    const adapter = await adapterOf(payment.chain as ChainName);
    const claimed = await repo.moveSession(db, session.id, ['open'], { status: 'processing', method: 'usdc', chain: payment.chain });
    if (!claimed) throw conflict('This session is not open for payment.', 'sessionKey');
    return recordAndWait(claimed, payment, adapter, txId);
  }

  async function recordAndWait(session: repo.SessionRow, payment: repo.ChainPaymentRow, adapter: ChainAdapter, txId: string) {
    const replay = async () => {
      await repo.moveSession(db, session.id, ['processing'], { status: 'open' });
      return conflict('This transaction was already used for a payment.', 'txId');
    };
    if (await repo.findChainPaymentByTx(db, payment.chain, txId)) throw await replay();
    try {
      const recorded = await repo.updateChainPayment(db, payment.id, ['prepared'], { status: 'submitted', txId });
      if (!recorded) throw conflict('This payment attempt was already submitted.', 'paymentId');
    } catch (err) {
      if (err instanceof AppError) throw err;
      // The UNIQUE (chain, tx_id) index refused it: a racing record of the same transaction.
      if (await repo.findChainPaymentByTx(db, payment.chain, txId)) throw await replay();
      throw err;
    }
    await repo.moveSession(db, session.id, ['processing'], { txId });
    let check: TransferCheck;
    try {
      check = await adapter.waitForTransfer(txId, intentOf(payment), {
        timeoutMs: waitMs,
        lastValidBlockHeight: payment.lastValidBlockHeight,
      });
    } catch (err) {
      // The node went away while waiting: the transfer may still land; reconciliation asks again.
      if (err instanceof ChainError && err.code === 'NODE_UNREACHABLE') return { status: 'processing' as const, txId };
      throw err;
    }
    return settleTransfer(session.id, payment, check);
  }

  async function settleTransfer(sessionId: string, payment: repo.ChainPaymentRow, check: TransferCheck) {
    if (check.status === 'pending') return { status: 'processing' as const, txId: check.txId };
    const session = (await repo.findSession(db, sessionId))!;
    if (check.status === 'confirmed') {
      await repo.updateChainPayment(db, payment.id, ['submitted'], { status: 'confirmed' });
      const paid = await decide(session, { paid: { method: 'usdc', chain: payment.chain, txId: check.txId } }, ['processing']);
      return { status: 'paid' as const, info: successInfo(paid ?? (await repo.findSession(db, sessionId))!) };
    }
    await repo.updateChainPayment(db, payment.id, ['submitted'], {
      status: 'failed',
      failureCode: check.code,
      failureReason: check.reason,
    });
    await repo.moveSession(db, sessionId, ['processing'], { status: 'open', txId: null });
    throw chainFault(new ChainError(check.code, check.reason));
  }

  return { prepareUsdc, submitSigned, recordTransaction, settleTransfer };
}
