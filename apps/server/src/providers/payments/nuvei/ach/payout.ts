// Payouts: a credit to a shopper's saved bank account (issue 10, ADR 017), what a cash-out is paid
// with. An ACH provider that can pay out has `payout`; the cash-out module asks the provider that saved
// the account. Every payout carries an idempotency key (the cash-out's): asked again with the same key,
// the provider answers the first payout's result and pays nothing more, so a retry after a crash or a
// timeout is safe.
//
// The real client calls Nuvei's `payout` (REST API v1, signed like `payment`: merchantId, merchantSiteId,
// clientRequestId, amount, currency, timeStamp, secret) with the account's userPaymentOptionId, the key
// as clientUniqueId and clientRequestId. Before it pays it asks getTransactionDetails for a transaction
// under that clientUniqueId, so a payout that went through before a crash is found instead of paid twice.
import type { PayoutOutcome, PayoutProvider } from '@store/server-kit';
import { nuveiAmount, nuveiTimeStamp, paymentChecksum, transactionDetailsChecksum } from '../checksum.ts';
import { nuveiPoster } from '../http.ts';
import { payerFields } from './payer.ts';

export class NuveiPayoutError extends Error {}

interface NuveiPayoutOptions {
  baseUrl: string;
  merchantId: string;
  merchantSiteId: string;
  secretKey: string;
  notificationUrl: string;
  fetch?: typeof fetch;
  timeoutMs?: number;
}

interface NuveiAnswer {
  status?: 'SUCCESS' | 'ERROR';
  errCode?: number;
  reason?: string;
  transactionId?: string | number;
  transactionStatus?: string;
  gwErrorReason?: string;
  transactionDetails?: { transactionId?: string; transactionStatus?: string; transactionType?: string; gwErrorReason?: string };
}

const NO_TRANSACTION_FOUND = 9146;

/** Nuvei's payout for the ACH client (client.ts adds it to the provider). */
export function nuveiAchPayout(opts: NuveiPayoutOptions): PayoutProvider['payout'] {
  const merchant = { merchantId: opts.merchantId, merchantSiteId: opts.merchantSiteId };
  const poster = nuveiPoster(opts, (message) => new NuveiPayoutError(message));
  const post = (method: string, body: Record<string, unknown>) => poster<NuveiAnswer>(method, body);

  /** A payout made earlier under this key, if any. */
  async function earlier(key: string): Promise<PayoutOutcome | null> {
    const p = { ...merchant, clientUniqueId: key, timeStamp: nuveiTimeStamp() };
    const res = await post('getTransactionDetails', { ...p, checksum: transactionDetailsChecksum(p, opts.secretKey) });
    if (res.status !== 'SUCCESS') {
      if (res.errCode === NO_TRANSACTION_FOUND) return null;
      throw new NuveiPayoutError(`Nuvei getTransactionDetails failed: ${res.errCode} ${res.reason ?? ''}`.trim());
    }
    const d = res.transactionDetails ?? {};
    const transactionId = String(d.transactionId ?? '');
    if (d.transactionStatus === 'APPROVED') return { status: 'paid', transactionId };
    if (d.transactionStatus === 'DECLINED' || d.transactionStatus === 'ERROR')
      return { status: 'declined', transactionId, reason: d.gwErrorReason || 'The bank refused the payout' };
    throw new NuveiPayoutError(`Nuvei payout ${transactionId} is ${d.transactionStatus ?? 'unknown'}: asked again later`);
  }

  return async (req) => {
    const found = await earlier(req.idempotencyKey);
    if (found) return found;
    const p = {
      ...merchant,
      // The key again: Nuvei refuses a repeated clientRequestId, so two attempts racing past the lookup
      // (two instances) cannot both pay.
      clientRequestId: req.idempotencyKey,
      amount: nuveiAmount(req.amountCents),
      currency: req.currency,
      timeStamp: nuveiTimeStamp(),
    };
    const res = await post('payout', {
      ...p,
      clientUniqueId: req.idempotencyKey,
      userTokenId: req.userId,
      userPaymentOption: { userPaymentOptionId: req.userPaymentOptionId },
      // Nuvei refuses a payout without them (ADR 039).
      ...payerFields(req.payer),
      urlDetails: { notificationUrl: opts.notificationUrl },
      checksum: paymentChecksum(p, opts.secretKey),
    });
    const transactionId = String(res.transactionId ?? '');
    if (res.transactionStatus === 'APPROVED') return { status: 'paid', transactionId };
    if (res.transactionStatus === 'DECLINED' || res.transactionStatus === 'ERROR')
      return { status: 'declined', transactionId, reason: res.gwErrorReason || res.reason || 'The bank refused the payout' };
    // ERROR status without a transaction, or PENDING: not decided; the same key is asked again later.
    throw new NuveiPayoutError(
      `Nuvei payout undecided: ${res.status ?? ''} ${res.errCode ?? ''} ${res.reason ?? res.transactionStatus ?? ''}`.trim(),
    );
  };
}
