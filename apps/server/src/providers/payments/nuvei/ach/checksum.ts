// Checksums of Nuvei's user-payment-option calls (REST API v1): SHA-256 hex of the listed fields in
// Nuvei's published order, the secret key last, as nuvei/checksum.ts does for the payment calls.
import { sha256Hex } from '../checksum.ts';

/**
 * addUPOAPM (an alternative payment method, here apmgw_ACH, saved for a user): merchantId,
 * merchantSiteId, userTokenId, clientRequestId, paymentMethodName, apmData's values, billingAddress's
 * values, timeStamp, secret. The order is Nuvei's Java SDK's (nuvei-server-java, ChecksumUtils
 * ADD_CASHIER_APM) and PHP SDK's (nuvei-server-php, UserPaymentOptions::addUPOAPM); a nested object
 * gives its values in the order the request carries it (PHP's Utils::arrayToString; Java's map
 * iteration, which is also the order it serialises). So the caller signs the very objects it sends.
 * ADR 039.
 */
export const addUpoApmChecksum = (
  p: {
    merchantId: string;
    merchantSiteId: string;
    userTokenId: string;
    clientRequestId: string;
    paymentMethodName: string;
    apmData: Record<string, string>;
    billingAddress?: Record<string, string>;
    timeStamp: string;
  },
  secret: string,
) =>
  sha256Hex(
    p.merchantId +
      p.merchantSiteId +
      p.userTokenId +
      p.clientRequestId +
      p.paymentMethodName +
      Object.values(p.apmData).join('') +
      Object.values(p.billingAddress ?? {}).join('') +
      p.timeStamp +
      secret,
  );

/** deleteUPO: shared with the cashier's cards (../upo.ts). */
export { deleteUpoChecksum } from '../upo.ts';
