// Nuvei's request checksums: SHA-256 hex of the listed fields concatenated, secret key last
// (for notifications the secret key first), as Nuvei's REST API v1 documents.
import { createHash } from 'node:crypto';

export const sha256Hex = (value: string) => createHash('sha256').update(value, 'utf8').digest('hex');

/** yyyyMMddHHmmss in UTC. */
export const nuveiTimeStamp = (date = new Date()) => date.toISOString().replace(/[-:T]/g, '').slice(0, 14);

/** '12.34' from 1234 cents. */
export const nuveiAmount = (cents: number) => (cents / 100).toFixed(2);

export const sessionTokenChecksum = (p: { merchantId: string; merchantSiteId: string; clientRequestId: string; timeStamp: string }, secret: string) =>
  sha256Hex(p.merchantId + p.merchantSiteId + p.clientRequestId + p.timeStamp + secret);

/** initPayment and payment. */
export const paymentChecksum = (
  p: { merchantId: string; merchantSiteId: string; clientRequestId: string; amount: string; currency: string; timeStamp: string },
  secret: string,
) => sha256Hex(p.merchantId + p.merchantSiteId + p.clientRequestId + p.amount + p.currency + p.timeStamp + secret);

export const refundChecksum = (
  p: { merchantId: string; merchantSiteId: string; clientRequestId: string; clientUniqueId: string; amount: string; currency: string; relatedTransactionId: string; timeStamp: string },
  secret: string,
) => sha256Hex(p.merchantId + p.merchantSiteId + p.clientRequestId + p.clientUniqueId + p.amount + p.currency + p.relatedTransactionId + '' + '' + '' + p.timeStamp + secret);

/** A DMN's advanceResponseChecksum. */
export const notificationChecksum = (
  p: { totalAmount: string; currency: string; responseTimeStamp: string; PPP_TransactionID: string; Status: string; productId: string },
  secret: string,
) => sha256Hex(secret + p.totalAmount + p.currency + p.responseTimeStamp + p.PPP_TransactionID + p.Status + p.productId);
