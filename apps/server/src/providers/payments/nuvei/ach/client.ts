// The real Nuvei client for bank account payments (ACH, Nuvei's alternative payment method apmgw_ACH)
// as a payment provider of its own (ADR 011), beside the card client on the same merchant account:
//   addBankAccount     addUPOAPM (paymentMethodName apmgw_ACH, the routing and account numbers in apmData):
//                      Nuvei keeps the numbers and answers a userPaymentOptionId to pay with
//   removeBankAccount  deleteUPO
//   start              payment with that userPaymentOptionId: PENDING until the bank settles it
//   lookup             getTransactionDetails by our payment id (clientUniqueId)
//   refund             refundTransaction of a settled debit, else voidTransaction of a pending one
//   notifications      DMNs (checksum as for cards) of payment_method apmgw_ACH: the Sale settled
//                      (APPROVED) or refused (DECLINED/ERROR), and a return after settlement
//                      (transactionType Chargeback, or Return, with the NACHA code in ReasonCode)
// Every call has a timeout. The bank numbers pass through addBankAccount only and are never logged.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import type { Declined, LookupOutcome, NotificationInput, PaymentNotification, PaymentOutcome, RefundOutcome } from '@store/server-kit';
import {
  centsFromNuveiAmount,
  notificationChecksum,
  nuveiAmount,
  nuveiTimeStamp,
  paymentChecksum,
  refundChecksum,
  sessionTokenChecksum,
  transactionDetailsChecksum,
} from '../checksum.ts';
import { nuveiPoster } from '../http.ts';
import { NUVEI_WEBHOOK } from '../transactions.ts';
import { deleteUpo } from '../upo.ts';
import { addUpoApmChecksum } from './checksum.ts';
import { returnCodeOf, returnReason, RETURN_CODE_PATTERN } from './return-codes.ts';
import { ACH_METHODS, type BankAccountProvider } from '@store/server-kit';
import type { PayoutProvider } from '@store/server-kit';
import { payerFields } from './payer.ts';
import { nuveiAchPayout } from './payout.ts';

export interface NuveiAchOptions {
  /** e.g. https://ppp-test.nuvei.com/ppp/api/v1 */
  baseUrl: string;
  merchantId: string;
  merchantSiteId: string;
  secretKey: string;
  notificationUrl: string;
  fetch?: typeof fetch;
  /** A call that takes longer is abandoned (a payment is then reconciled by a lookup). */
  timeoutMs?: number;
}

/** Nuvei's name for ACH among its alternative payment methods. */
export const NUVEI_ACH_METHOD = 'apmgw_ACH';
/** The DMN types of a debit taken back after it settled. */
const RETURN_TYPES = ['Chargeback', 'Return'];
const NO_TRANSACTION_FOUND = 9146;

interface NuveiResponse {
  status: 'SUCCESS' | 'ERROR';
  errCode?: number;
  reason?: string;
  sessionToken?: string;
  userPaymentOptionId?: string | number;
  bankName?: string;
  transactionId?: string | number;
  transactionStatus?: 'APPROVED' | 'DECLINED' | 'ERROR' | 'PENDING' | 'REDIRECT';
  gwErrorCode?: number;
  gwErrorReason?: string;
  transactionDetails?: {
    transactionId?: string;
    transactionStatus?: string;
    transactionType?: string;
    processedAmount?: string;
    processedCurrency?: string;
    gwErrorReason?: string;
  };
}

export class NuveiAchError extends Error {}

/** A refusal's reason, as 'R03: ...' when Nuvei names a NACHA code. */
function refusalReason(reason: string | undefined, code?: string): string {
  const r = code && RETURN_CODE_PATTERN.test(code) ? code : /\b(R\d{2})\b/.exec(reason ?? '')?.[1];
  return r ? returnReason(r) : reason || 'Declined by the bank';
}

export function createNuveiAchClient(opts: NuveiAchOptions): BankAccountProvider & PayoutProvider {
  const merchant = { merchantId: opts.merchantId, merchantSiteId: opts.merchantSiteId };
  const poster = nuveiPoster(opts, (message) => new NuveiAchError(message));
  const post = (method: string, body: Record<string, unknown>) => poster<NuveiResponse>(method, body);

  async function call(method: string, body: Record<string, unknown>): Promise<NuveiResponse> {
    const json = await post(method, body);
    if (json.status !== 'SUCCESS' && !json.transactionStatus)
      throw new NuveiAchError(`Nuvei ${method} failed: ${json.errCode} ${json.reason ?? ''}`.trim());
    return json;
  }

  async function sessionToken(): Promise<string> {
    const p = { ...merchant, clientRequestId: randomUUID(), timeStamp: nuveiTimeStamp() };
    const res = await call('getSessionToken', { ...p, checksum: sessionTokenChecksum(p, opts.secretKey) });
    if (!res.sessionToken) throw new NuveiAchError('Nuvei getSessionToken returned no token');
    return res.sessionToken;
  }

  const declined = (transactionId: string, reason: string): Declined => ({
    status: 'declined',
    transactionId,
    code: 'BANK_PAYMENT_FAILED',
    reason,
  });

  async function lookup(paymentId: string): Promise<LookupOutcome> {
    const p = { ...merchant, clientUniqueId: paymentId, timeStamp: nuveiTimeStamp() };
    const res = await post('getTransactionDetails', { ...p, checksum: transactionDetailsChecksum(p, opts.secretKey) });
    if (res.status !== 'SUCCESS') {
      if (res.errCode === NO_TRANSACTION_FOUND) return { status: 'none' };
      throw new NuveiAchError(`Nuvei getTransactionDetails failed: ${res.errCode} ${res.reason ?? ''}`.trim());
    }
    const details = res.transactionDetails ?? {};
    const transactionId = String(details.transactionId ?? '');
    const type = details.transactionType ?? '';
    const status = details.transactionStatus;
    if (type === 'Sale') {
      if (status === 'APPROVED') {
        const amountCents = details.processedAmount === undefined ? null : centsFromNuveiAmount(details.processedAmount);
        return { status: 'approved', transactionId, amountCents, currency: details.processedCurrency ?? null, card: null };
      }
      if (status === 'PENDING') return { status: 'pending', transactionId };
      return declined(transactionId, refusalReason(details.gwErrorReason));
    }
    // The money went back: a refund, a void of a pending debit, or a return.
    if ((type === 'Credit' || type === 'Void' || RETURN_TYPES.includes(type)) && status === 'APPROVED')
      return { status: 'refunded', transactionId };
    throw new NuveiAchError(`Nuvei getTransactionDetails: ${type || 'no'} transaction ${status ?? ''} left for a person to check`.trim());
  }

  async function moneyBack(
    method: 'refundTransaction' | 'voidTransaction',
    req: Parameters<BankAccountProvider['refund']>[0],
  ): Promise<RefundOutcome> {
    const p = {
      ...merchant,
      clientRequestId: randomUUID(),
      clientUniqueId: req.paymentId,
      amount: nuveiAmount(req.amountCents),
      currency: req.currency,
      relatedTransactionId: req.transactionId,
      timeStamp: nuveiTimeStamp(),
    };
    // voidTransaction is signed like refundTransaction.
    const res = await post(method, { ...p, checksum: refundChecksum(p, opts.secretKey) });
    return res.transactionStatus === 'APPROVED'
      ? { status: 'refunded', transactionId: String(res.transactionId ?? '') }
      : { status: 'declined', transactionId: String(res.transactionId ?? ''), reason: res.gwErrorReason ?? res.reason };
  }

  return {
    name: 'nuvei-ach',
    methods: ACH_METHODS,
    webhook: NUVEI_WEBHOOK,

    async addBankAccount({ userId, payerName, account }) {
      // The apmData keys are unverified against Nuvei's REST 1.0 ACH guide (ADR 039). The checksum signs
      // this very object: its values in the order it is sent.
      const p = {
        ...merchant,
        userTokenId: userId,
        clientRequestId: randomUUID(),
        paymentMethodName: NUVEI_ACH_METHOD,
        apmData: {
          AccountNumber: account.accountNumber,
          RoutingNumber: account.routingNumber,
          accountType: account.accountType === 'savings' ? 'SAVINGS' : 'CHECKING',
          SECCode: 'WEB',
          nameOnAccount: payerName.trim().slice(0, 70),
        },
        timeStamp: nuveiTimeStamp(),
      };
      const res = await post('addUPOAPM', { ...p, checksum: addUpoApmChecksum(p, opts.secretKey) });
      if (res.status !== 'SUCCESS' || !res.userPaymentOptionId)
        return { status: 'refused', reason: res.reason || 'The bank account could not be linked.' };
      return {
        status: 'linked',
        userPaymentOptionId: String(res.userPaymentOptionId),
        bankName: res.bankName || 'Bank account',
        last4: account.accountNumber.slice(-4),
        accountType: account.accountType,
      };
    },

    // deleteUPO, as the cashier forgets its cards.
    removeBankAccount: ({ userId, userPaymentOptionId }) => deleteUpo(opts, { userTokenId: userId, userPaymentOptionId }),

    async start(req): Promise<PaymentOutcome> {
      if (req.source.method !== 'bank_account') throw new Error(`The Nuvei ACH client was asked to pay with '${req.source.method}'.`);
      // Nuvei refuses a bank debit without them (ADR 039); the payments core always fills them.
      if (!req.payer) throw new NuveiAchError('A bank debit needs the payer (billingAddress, deviceDetails.ipAddress)');
      const p = {
        ...merchant,
        clientRequestId: randomUUID(),
        amount: nuveiAmount(req.amountCents),
        currency: req.currency,
        timeStamp: nuveiTimeStamp(),
      };
      const res = await call('payment', {
        sessionToken: await sessionToken(),
        ...p,
        clientUniqueId: req.paymentId,
        userTokenId: req.userId,
        paymentOption: { userPaymentOptionId: req.source.userPaymentOptionId },
        ...payerFields(req.payer),
        urlDetails: { notificationUrl: opts.notificationUrl },
        checksum: paymentChecksum(p, opts.secretKey),
      });
      const transactionId = String(res.transactionId ?? '');
      if (res.transactionStatus === 'PENDING') return { status: 'pending', transactionId };
      if (res.transactionStatus === 'APPROVED') return { status: 'approved', transactionId, card: null };
      return declined(transactionId, refusalReason(res.gwErrorReason ?? res.reason));
    },

    async confirm(req) {
      // A bank debit asks the shopper for nothing after it starts.
      return declined(req.transactionId, 'A bank payment has no step to confirm');
    },

    async refund(req) {
      const refunded = await moneyBack('refundTransaction', req);
      return refunded.status === 'refunded' ? refunded : moneyBack('voidTransaction', req);
    },

    lookup: (req) => lookup(req.paymentId),

    // Cash-outs (issue 10): a credit to a saved account, Nuvei's payout (payout.ts).
    payout: nuveiAchPayout(opts),

    verifyNotification({ body, query }: NotificationInput): PaymentNotification | null {
      const src = { ...(query && typeof query === 'object' ? query : {}), ...(body && typeof body === 'object' ? body : {}) } as Record<
        string,
        unknown
      >;
      const get = (k: string) => (typeof src[k] === 'string' ? (src[k] as string) : '');
      // Card DMNs are the card client's.
      if (get('payment_method') !== NUVEI_ACH_METHOD) return null;
      const given = get('advanceResponseChecksum');
      const expected = notificationChecksum(
        {
          totalAmount: get('totalAmount'),
          currency: get('currency'),
          responseTimeStamp: get('responseTimeStamp'),
          PPP_TransactionID: get('PPP_TransactionID'),
          Status: get('Status'),
          productId: get('productId'),
        },
        opts.secretKey,
      );
      if (given.length !== expected.length || !timingSafeEqual(Buffer.from(given), Buffer.from(expected))) return null;
      const clientUniqueId = get('clientUniqueId') || get('merchant_unique_id');
      const event = get('transactionType');
      const returned = RETURN_TYPES.includes(event);
      // A return names the debit it takes back as its related transaction.
      const transactionId = returned ? get('relatedTransactionId') : get('TransactionID');
      if (!transactionId || !clientUniqueId) return null;
      const status = get('Status');
      const facts = {
        transactionId,
        paymentId: clientUniqueId,
        event,
        // A DMN that the debit is still pending decides nothing.
        charge: event === 'Sale' ? status !== 'PENDING' : returned,
        amountCents: centsFromNuveiAmount(get('totalAmount')),
        currency: get('currency'),
      };
      const code = get('ReasonCode');
      if (returned) {
        const returnCode = RETURN_CODE_PATTERN.test(code) ? code : (returnCodeOf(refusalReason(get('Reason'))) ?? 'R01');
        return {
          ...facts,
          status: 'reversed',
          cause: 'bank_return',
          returnCode,
          reason: returnReason(returnCode, get('Reason') || undefined),
        };
      }
      if (status === 'APPROVED' || status === 'PENDING') return { ...facts, status: 'approved', card: null };
      return { ...facts, status: 'declined', code: 'BANK_PAYMENT_FAILED', reason: refusalReason(get('Reason'), code) };
    },
  };
}
