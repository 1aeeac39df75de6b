// Refunds of USDC sessions: the USDC goes back from the settlement wallet to the wallet that paid, on the
// session's chain (Solana: an SPL transferChecked; EVM: an ERC-20 transfer), through the chain adapter. Only
// from the host's own settlement wallet (the sandbox's, whose key it derives): a merchant's own address
// is the merchant's to refund from, and is declined with the reason.
//
// Exactly once, whoever asks and however often: the refund row (one per session) is claimed inside a
// transaction that finds the session still paid; only the claimant signs. The signed transaction and its
// id are stored before it is sent, so a retry (reconciliation after a restart or an unreachable node) sends
// the same bytes, which land at most once. The session becomes refunded, with the merchant's
// payment.refunded event carrying the refund's transaction, only once the chain confirms it; a send that
// fails leaves the session paid and the row failed, claimable again.
import { ChainError, type ChainAdapter, type ChainName, type TransferCheck, type TransferIntent } from './chains/index.ts';
import type { CheckoutHostContext } from './context.ts';
import * as refunds from './refund-repository.ts';
import * as repo from './repository.ts';
import { settlementSeed } from './secret.ts';
import { successInfo } from './session-views.ts';

export type RefundAnswer = { status: 'refunded' } | { status: 'declined'; reason: string };

/** A claim left unsigned this long was interrupted (a restart): nothing was sent, so it fails and may be claimed again. */
export const STUCK_CLAIM_MS = 5 * 60_000;
/** How often a second caller looks whether the claimant's refund ended. */
const OTHER_CALL_POLL_MS = 200;

const declined = (reason: string): RefundAnswer => ({ status: 'declined', reason });
const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err));

/** The transfer a refund row is: from the settlement wallet to the payer, bound to the refund's id. */
const intentOf = (row: refunds.ChainRefundRow): TransferIntent => ({
  payer: row.sender,
  recipient: row.recipient,
  amount: BigInt(row.amountBaseUnits),
  reference: row.id,
});

export function createUsdcRefunds(ctx: CheckoutHostContext) {
  const { db, log, chains, secret, onEvent } = ctx;

  // One send at a time per sending wallet (in this process): an EVM wallet's transactions take consecutive
  // nonces, so two refunds of different sessions signed at once would get the same nonce and one would not land.
  const sending = new Map<string, Promise<unknown>>();
  function oneAtATime<T>(wallet: string, run: () => Promise<T>): Promise<T> {
    const before = sending.get(wallet) ?? Promise.resolve();
    const mine = before.catch(() => {}).then(run);
    const tail = mine.catch(() => {});
    sending.set(wallet, tail);
    void tail.then(() => {
      if (sending.get(wallet) === tail) sending.delete(wallet);
    });
    return mine;
  }

  /** The chain confirmed the refund: the row, the session (paid → refunded) and the merchant's event in one transaction. */
  async function finish(row: refunds.ChainRefundRow): Promise<void> {
    const moved = await db.transaction(async (tx) => {
      // The session's row before the refund's, in the claim's order: a second call claiming meanwhile holds the
      // session and waits on the refund row, so taking them the other way round deadlocked (a 500 to that call).
      await repo.lockSession(tx, row.sessionId);
      await refunds.moveChainRefund(tx, row.id, ['submitted'], { status: 'confirmed' });
      const session = await repo.moveSession(tx, row.sessionId, ['paid'], { status: 'refunded' });
      if (session)
        await repo.insertOutbox(tx, session, 'payment.refunded', {
          ...successInfo(session),
          reason: 'Refunded by the merchant',
          refundTxId: row.txId,
        });
      return session;
    });
    if (moved) onEvent();
  }

  /** What the chain says of a sent refund, recorded. */
  async function settle(row: refunds.ChainRefundRow, check: TransferCheck): Promise<RefundAnswer> {
    if (check.status === 'confirmed') {
      await finish(row);
      return { status: 'refunded' };
    }
    if (check.status === 'pending')
      return declined(
        `The USDC refund was sent (${row.chain} transaction ${row.txId}) and is not confirmed yet; the session becomes refunded once it is.`,
      );
    await refunds.moveChainRefund(db, row.id, ['submitted'], { status: 'failed', failureReason: check.reason });
    return declined(`The USDC refund failed on the ${row.chain} chain: ${check.reason} The session stays paid; you may ask again.`);
  }

  /** Signs, records, sends and awaits the claimed refund. */
  async function send(adapter: ChainAdapter, claimed: refunds.ChainRefundRow, seed: Uint8Array): Promise<RefundAnswer> {
    const intent = intentOf(claimed);
    let signed;
    try {
      signed = await adapter.signTransfer(intent, seed);
    } catch (err) {
      await refunds.moveChainRefund(db, claimed.id, ['claimed'], { status: 'failed', failureReason: errorText(err) });
      return declined(`The USDC refund could not be prepared: ${errorText(err)} The session stays paid.`);
    }
    const row = await refunds.moveChainRefund(db, claimed.id, ['claimed'], {
      status: 'submitted',
      txId: signed.txId,
      signedTransaction: signed.signed,
      lastValidBlockHeight: signed.lastValidBlockHeight,
    });
    if (!row) return declined('The refund was interrupted; ask again.');
    try {
      await adapter.sendSigned(signed.signed);
    } catch (err) {
      if (err instanceof ChainError && err.code !== 'NODE_UNREACHABLE') {
        // The node refused it: nothing can land, so the refund is failed and may be asked for again.
        await refunds.moveChainRefund(db, row.id, ['submitted'], { status: 'failed', failureReason: err.message });
        return declined(`The USDC refund could not be sent: ${err.message} The session stays paid.`);
      }
      // It may have been sent: reconciliation sends the same bytes again and asks the chain.
      log.warn({ refundId: row.id, err: errorText(err) }, 'sending a USDC refund failed; left for reconciliation');
      return declined(`The ${row.chain} network did not answer; the refund is recorded and will be sent again. Ask again later.`);
    }
    let check: TransferCheck;
    try {
      check = await adapter.waitForTransfer(row.txId!, intent, {
        timeoutMs: ctx.transferWaitMs,
        lastValidBlockHeight: row.lastValidBlockHeight,
      });
    } catch (err) {
      if (!(err instanceof ChainError)) throw err;
      check = { status: 'pending', txId: row.txId! };
    }
    return settle(row, check);
  }

  /** Another call holds the claim: its outcome, once it has one (or a clear word that it is still going). */
  async function outcomeOfOther(sessionId: string): Promise<RefundAnswer> {
    const deadline = Date.now() + ctx.transferWaitMs;
    for (;;) {
      const row = await refunds.findChainRefund(db, sessionId);
      if (row?.status === 'confirmed') return { status: 'refunded' };
      if (row?.status === 'failed')
        return declined(`The USDC refund failed: ${row.failureReason ?? 'unknown reason'} The session stays paid.`);
      if (Date.now() + OTHER_CALL_POLL_MS > deadline) return declined('A refund of this session is being sent; ask again shortly.');
      await new Promise((resolve) => setTimeout(resolve, OTHER_CALL_POLL_MS));
    }
  }

  /** Refunds a paid USDC session to the wallet that paid it. */
  async function refundUsdc(session: repo.SessionRow): Promise<RefundAnswer> {
    const chain = session.chain as ChainName;
    const payment = session.txId ? await repo.findChainPaymentByTx(db, chain, session.txId) : undefined;
    if (!payment || payment.status !== 'confirmed') return declined('The USDC payment of this session is not on record.');
    let adapter: ChainAdapter;
    try {
      adapter = await chains.get(chain);
    } catch {
      return declined(`The ${chain} network is not reachable right now; the session stays paid. Ask again later.`);
    }
    const seed = settlementSeed(secret, session.merchantId, chain);
    if (adapter.walletAddress(seed) !== payment.recipient)
      return declined(
        `The USDC went to the merchant's own ${chain} address ${payment.recipient}, whose key the checkout does not hold: send it back to ${payment.payer} from that wallet.`,
      );
    const claimed = await db.transaction(async (tx) => {
      // Still paid (the update locks the session's row, so claims queue here), then the one claim.
      if (!(await repo.moveSession(tx, session.id, ['paid'], {}))) return 'not-paid' as const;
      return refunds.claimChainRefund(tx, {
        sessionId: session.id,
        chain,
        sender: payment.recipient,
        recipient: payment.payer,
        amountBaseUnits: payment.amountBaseUnits,
      });
    });
    if (claimed === 'not-paid') {
      const now = await repo.findSession(db, session.id);
      return now?.status === 'refunded' ? { status: 'refunded' } : declined(`The session is ${now?.status ?? 'gone'}, not paid.`);
    }
    if (!claimed) return outcomeOfOther(session.id);
    return oneAtATime(`${chain}:${claimed.sender}`, () => send(adapter, claimed, seed));
  }

  /** Refunds a restart or an unreachable node left unfinished: sent again (the same bytes) and asked about. */
  async function reconcileRefunds(): Promise<void> {
    for (const row of await refunds.unsettledChainRefunds(db, 50, STUCK_CLAIM_MS)) {
      try {
        if (row.status === 'claimed') {
          await refunds.moveChainRefund(db, row.id, ['claimed'], { status: 'failed', failureReason: 'Interrupted before it was sent.' });
          continue;
        }
        const adapter = await chains.get(row.chain as ChainName);
        // Already landed or known to the node: the send is refused, and the check below tells.
        await adapter.sendSigned(row.signedTransaction!).catch(() => {});
        const check = await adapter.checkTransfer(row.txId!, intentOf(row), { lastValidBlockHeight: row.lastValidBlockHeight });
        await settle(row, check);
      } catch (err) {
        log.warn({ refundId: row.id, err: errorText(err) }, 'reconciling a USDC refund failed; will retry');
      }
    }
  }

  return { refundUsdc, reconcileRefunds };
}
