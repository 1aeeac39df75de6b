// Nuvei's request checksums: SHA-256 hex of the listed fields concatenated, secret key last
// (for notifications the secret key first), as Nuvei's REST API v1 documents.
import { createHash } from 'node:crypto';

export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** yyyyMMddHHmmss in UTC. */
export const nuveiTimeStamp = (date = new Date()) => date.toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** '12.34' from 1234 cents. */
export const nuveiAmount = (cents: number) => (cents / 100).toFixed(2);

export const sessionTokenChecksum = (
  p: { merchantId: string; merchantSiteId: string; clientRequestId: string; timeStamp: string },
  secret: string,
) => sha256Hex(p.merchantId + p.merchantSiteId + p.clientRequestId + p.timeStamp + secret);

/** initPayment and payment. */
export const paymentChecksum = (
  p: { merchantId: string; merchantSiteId: string; clientRequestId: string; amount: string; currency: string; timeStamp: string },
  secret: string,
) => sha256Hex(p.merchantId + p.merchantSiteId + p.clientRequestId + p.amount + p.currency + p.timeStamp + secret);

export const refundChecksum = (
  p: {
    merchantId: string;
    merchantSiteId: string;
    clientRequestId: string;
    clientUniqueId: string;
    amount: string;
    currency: string;
    relatedTransactionId: string;
    timeStamp: string;
  },
  secret: string,
) =>
  sha256Hex(
    p.merchantId +
      p.merchantSiteId +
      p.clientRequestId +
      p.clientUniqueId +
      p.amount +
      p.currency +
      p.relatedTransactionId +
      '' +
      '' +
      '' +
      p.timeStamp +
      secret,
  );

/**
 * settleTransaction: Nuvei's order is a refund's with descriptorMerchantName and descriptorMerchantPhone after
 * authCode; the client sends none of those, so the string (and the checksum) is the refund's.
 */
export const settleChecksum = refundChecksum;

/** getTransactionDetails: looked up by transactionId or clientUniqueId (the one not sent counts as empty). */
export const transactionDetailsChecksum = (
  p: { merchantId: string; merchantSiteId: string; transactionId?: string; clientUniqueId?: string; timeStamp: string },
  secret: string,
) => sha256Hex(p.merchantId + p.merchantSiteId + (p.transactionId ?? '') + (p.clientUniqueId ?? '') + p.timeStamp + secret);

/** 499 from '4.99' (Nuvei's amounts are decimal strings); null when it is not a plain amount in cents. */
export function centsFromNuveiAmount(amount: string): number | null {
  const match = /^(\d{1,9})(?:\.(\d{1,2})0*)?$/.exec(amount.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** A DMN's advanceResponseChecksum. */
export const notificationChecksum = (
  p: { totalAmount: string; currency: string; responseTimeStamp: string; PPP_TransactionID: string; Status: string; productId: string },
  secret: string,
) => sha256Hex(secret + p.totalAmount + p.currency + p.responseTimeStamp + p.PPP_TransactionID + p.Status + p.productId);
